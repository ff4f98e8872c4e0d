// The checker's request generators drawn from public catalogues of how APIs fail: the hostile strings
// (a vendored selection of the Big List of Naughty Strings) fitted to the interface's limits, integer
// edges and the ids that wrap to a readable one, path spellings, the server's own properties of a
// project, and how a race's outcome is read. Each expectation comes from the interface or the catalogue,
// not from the code under test.
import { describe, expect, it } from "vitest";
import { concurrencyChecks, wholeOf, wholeWrites } from "../../contract/src/checks/concurrency.js";
import { UNREACHABLE_OFFSETS, wideningQueries, writtenId } from "../../contract/src/checks/explore-ids.js";
import { pathSpellings, revealedIn, unordered } from "../../contract/src/checks/explore-methods.js";
import { serverChosen, taken } from "../../contract/src/checks/explore-writes.js";
import { aliasesOf, INTEGER_EDGES } from "../../contract/src/sequences/edges.js";
import { explore, UNLISTED } from "../../contract/src/sequences/explore.js";
import { fit as fitWithin, NAUGHTY_STRINGS, naughtyProjectFields, pack } from "../../contract/src/sequences/naughty.js";
import { organizationChange } from "../../contract/src/sequences/organization.js";

const LIMITS = { name: 50, description: 1000, job_code: 20 };
const TAG = "pcs-contract-test abc123";
const codePoints = (text: string) => [...text].length;

describe("hostile strings (Big List of Naughty Strings, a selection)", () => {
  it("holds every section of the catalogue named here, and no U+0000 or lone surrogate", () => {
    const sections = new Set(NAUGHTY_STRINGS.map((s) => s.section));
    for (const section of [
      "Reserved Strings",
      "Numeric Strings",
      "Emoji",
      "Right-To-Left Strings",
      "SQL Injection",
      "Script Injection",
      "Zalgo Text",
      "Trick Unicode",
    ])
      expect(sections).toContain(section);
    for (const { value } of NAUGHTY_STRINGS) {
      expect(value).not.toContain("\u0000");
      // A lone surrogate is a code point of its own under the u flag (String#isWellFormed is ES2024).
      expect(/\p{Cs}/u.test(value)).toBe(false);
      expect(value).toBe(value.trim());
    }
  });

  it("fit never cuts a surrogate pair and keeps to the room in UTF-16 units", () => {
    expect(fitWithin("ab😍c", 3)).toBe("ab");
    expect(fitWithin("ab😍c", 4)).toBe("ab😍");
    expect(fitWithin("𠜎𠜱", 1)).toBe("");
  });

  it("pack puts every string in some value, each within the room, none empty or with white space at its ends", () => {
    const strings = NAUGHTY_STRINGS.map((s) => s.value);
    for (const room of [20, 25, 1000]) {
      const values = pack(strings, room);
      for (const value of values) {
        expect(value.length).toBeLessThanOrEqual(room);
        expect(value.length).toBeGreaterThan(0);
        expect(value).toBe(value.trim());
      }
      // A string is whole in a value unless it is longer than the room (then its start is).
      for (const text of strings) expect(values.some((v) => v.includes(fitWithin(text, room).trim()))).toBe(true);
    }
  });

  it("the project's fields are within the interface's limits, counted in UTF-16 units and in code points, the name behind the tag", () => {
    const all = naughtyProjectFields(TAG, LIMITS, 8);
    expect(all.length).toBeGreaterThanOrEqual(8);
    for (const fields of all) {
      expect(fields.name.startsWith(`${TAG} `)).toBe(true);
      expect(fields.name.length).toBeLessThanOrEqual(50);
      expect(codePoints(fields.name)).toBeLessThanOrEqual(50);
      expect(fields.job_code.length).toBeLessThanOrEqual(20);
      expect(fields.description.length).toBeLessThanOrEqual(1000);
      expect(fields.job_code.length).toBeGreaterThan(0);
    }
    // Every string of the corpus is written in some description.
    for (const { value } of NAUGHTY_STRINGS) expect(all.some((f) => f.description.includes(value))).toBe(true);
  });

  it("the model's scenario creates, updates with them, sends every unlisted method, and deletes", () => {
    const steps = explore(TAG, 8);
    expect(steps[0]!.kind).toBe("create");
    expect(steps.at(-1)!.kind).toBe("delete");
    expect(steps.filter((s) => s.kind === "unlisted")).toHaveLength(UNLISTED.length);
    // GET is listed on every project path, and the listed writes are not "unlisted".
    const listed = new Set(["PATCH project", "DELETE project", "POST users", "DELETE user"]);
    for (const [method, path] of UNLISTED) {
      expect(method).not.toBe("GET");
      expect(listed.has(`${method} ${path}`)).toBe(false);
    }
  });
});

describe("integers at their edges, and ids that wrap to a readable one", () => {
  it("the edges are the catalogue's: 0, 1, negative, the 32-bit and 53-bit edges", () => {
    for (const edge of [0, 1, -1, 2147483647, 2147483648, 9007199254740991, 9007199254740992]) expect(INTEGER_EDGES).toContain(edge);
    expect(UNREACHABLE_OFFSETS.every((o) => o >= 2147483648)).toBe(true);
  });

  it("an id's aliases wrap to it in 32 and 64 bits, and none is the id itself", () => {
    const aliases = aliasesOf(7).map((a) => a.text);
    expect(aliases).toContain("4294967303");
    expect(aliases).toContain("18446744073709551623");
    expect(aliases).not.toContain("7");
    expect(BigInt.asUintN(32, BigInt(aliases[0]!))).toBe(7n);
    expect(BigInt.asUintN(64, BigInt(aliases[1]!))).toBe(7n);
  });

  it("the id a body holds is read as written, not as a double rounds it", () => {
    expect(writtenId('{"id": 9007199254740993, "title": "x"}')).toBe(9007199254740993n);
    expect(writtenId('{"id":7}')).toBe(7n);
    expect(writtenId('{"project":{"id":7}}')).toBeUndefined();
    expect(writtenId("not json")).toBeUndefined();
  });

  it("the widening queries name the user, the organization and all", () => {
    const queries = wideningQueries(42);
    expect(queries).toContainEqual({ user_id: 42 });
    expect(queries.some((q) => "all" in q)).toBe(true);
    expect(wideningQueries(undefined).some((q) => "user_id" in q)).toBe(false);
  });
});

describe("HTTP: spellings, what is revealed, order", () => {
  it("spells a path as the interface does not, each one different from it", () => {
    const spellings = pathSpellings("/projects/12.json");
    expect(spellings.map((s) => s.path)).toEqual(
      expect.arrayContaining(["/projects/12", "/projects/12.json/", "/PROJECTS/12.JSON", "//projects/12.json", "/%70rojects/12.json"]),
    );
    for (const { path } of spellings) expect(path).not.toBe("/projects/12.json");
    expect(pathSpellings("/organizations.json").map((s) => s.path)).toContain("/%6frganizations.json");
  });

  it("finds a record's value in a text, and lists compare in any order", () => {
    expect(revealedIn('{"detail":"Spring launch"}', ["Spring launch", "other"])).toBe("Spring launch");
    expect(revealedIn('{"detail":"Not found"}', ["Spring launch"])).toBeUndefined();
    expect(unordered([{ id: 2 }, { id: 1 }])).toEqual(unordered([{ id: 1 }, { id: 2 }]));
    expect(unordered([{ id: 2 }])).not.toEqual(unordered([{ id: 1 }]));
  });
});

describe("the server's own properties (API3) and races", () => {
  it("sends every property the server chooses, the thumbnails nested", () => {
    const sent = serverChosen(5);
    for (const field of ["id", "created", "modified", "created_by", "ownership", "num_comments", "_thumbnails"])
      expect(sent).toHaveProperty(field);
    expect(sent._thumbnails).toHaveProperty("small.href");
  });

  it("tells a value taken from one the server chose itself", () => {
    const sent = serverChosen(5);
    const own = { id: 9, created: "2026-01-01T00:00:00Z", modified: null, created_by: "Ana", ownership: "internal", num_comments: 0 };
    expect(taken(own, sent)).toEqual([]);
    const took = { ...own, id: 5, created: "2001-01-01T00:00:00Z", ownership: "External", num_comments: 99, _thumbnails: sent._thumbnails };
    expect(taken(took, sent)).toHaveLength(5);
    // Unchanged by an update: a value the project had before is not one taken.
    expect(taken({ ...own, num_comments: 99 }, sent, { ...own, num_comments: 99 })).toEqual([]);
  });

  it("a race's outcome is one write whole, or names each field's write", () => {
    const writes = wholeWrites((p) => `${TAG} ${p}`, 3);
    expect(new Set(writes.map((w) => w.name)).size).toBe(3);
    const b = writes[1]!;
    expect(wholeOf({ title: b.name, description: b.description, job_code: b.job_code }, writes)).toEqual({ write: 1, mixed: [] });
    const mixed = wholeOf({ title: b.name, description: writes[2]!.description, job_code: "lost" }, writes);
    expect(mixed.write).toBeUndefined();
    expect(mixed.mixed).toEqual(["title from write B", "description from write C", 'job_code "lost", of no write']);
  });

  it("registers nothing on a server that keeps no data", () => {
    const suite = { target: { isMock: true, stateful: false }, checks: () => ({ checks: [] }) } as never;
    expect(concurrencyChecks(suite)).toEqual([]);
  });
});

describe("the organization's one change and its restore", () => {
  const original = {
    name: "Northwind Traders",
    phone: "555-5555",
    address: { street: "1 Main St", street2: "", city: "Portland", region_name: "OR", postal_code: "97201", country: "US" },
    website: "http://www.northwind.example",
  };

  it("sets the name and every text of the address to hostile strings within 255 characters, only the lines changed sent", () => {
    const { change } = organizationChange(original, "+1 503 555 0142");
    expect(change.phone).toBe("+1 503 555 0142");
    expect(change.name).not.toBe(original.name);
    const address = change.address as Record<string, string>;
    expect(address).not.toHaveProperty("country"); // not changed: not sent ("only the properties to change")
    for (const field of ["street", "city", "region_name", "postal_code"]) {
      expect(address[field]).not.toBe((original.address as Record<string, string>)[field]);
      expect(address[field]!.length).toBeLessThanOrEqual(255);
      expect(NAUGHTY_STRINGS.some((s) => address[field]!.includes(s.value))).toBe(true);
    }
    expect(change).not.toHaveProperty("website");
  });

  it("restores exactly what it changed, and changes nothing the organization does not hold", () => {
    const { change, restore } = organizationChange(original, "+1 503 555 0142");
    expect(Object.keys(restore).sort()).toEqual(Object.keys(change).sort());
    expect(restore).toEqual({
      phone: "555-5555",
      name: "Northwind Traders",
      address: { street: "1 Main St", city: "Portland", region_name: "OR", postal_code: "97201", country: "US" },
    });
    expect(organizationChange({ phone: "1" }, "2")).toEqual({ change: { phone: "2" }, restore: { phone: "1" } });
  });
});
