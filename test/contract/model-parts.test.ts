// The model's parts on their own, where a mistake would not show as a failing run but as a defect the
// checker no longer sees: the comparisons the interface's words decide (a creator's name, an offset,
// `modified` never set), the numbers of a body as written, the seeded generator, and the shrinking of a
// failing sequence. Expectations are written here from the interface, not read from the code.
import { describe, expect, it } from "vitest";
import { numbersOf } from "../../contract/src/checks/wire.js";
import { compareOrganization, compareProject, createdByMatches, freshTimestamp, sameInstant } from "../../contract/src/model/compare.js";
import { allowProblems } from "../../contract/src/model/judge.js";
import { Ledger } from "../../contract/src/model/ledger.js";
import { schemaMismatches } from "../../contract/src/model/response-schema.js";
import { generate } from "../../contract/src/sequences/generate.js";
import { shrink } from "../../contract/src/sequences/shrink.js";
import type { Step } from "../../contract/src/sequences/steps.js";
import { atTheLimit, fieldsOf, LIMITS, TEXT_CLASSES } from "../../contract/src/sequences/values.js";

const creator = { email: "dana.whitfield@northwind.example", profile: { first_name: "Dana", last_name: "Whitfield" } };
const project = {
  id: 7,
  title: "Launch",
  description: "",
  job_code: "J-1",
  created: "2026-11-27T10:00:00+00:00",
  modified: null,
  created_by: "Dana Whitfield",
  ownership: "internal",
  _thumbnails: { small: { href: "https://x.invalid/s.png" } },
};
const at = Date.parse("2026-11-27T10:00:05Z");

describe("what the interface says of a project's fields", () => {
  it('created_by: "name of the creating user; falls back to the email address"', () => {
    expect(createdByMatches("Dana Whitfield", creator)).toBe(true);
    expect(createdByMatches("Dana W.", creator)).toBe(true);
    // The email is the fall-back only: a creator with a name is shown by it.
    expect(createdByMatches("dana.whitfield@northwind.example", creator)).toBe(false);
    expect(createdByMatches("Lee Park", creator)).toBe(false);
    expect(createdByMatches("DANA@X.INVALID", { email: "dana@x.invalid", profile: { first_name: null, last_name: null } })).toBe(true);
  });

  it("a new project: what was sent exactly, modified null, created near the answer, ownership in any case", () => {
    const fresh = { fresh: "created" as const, at, creator };
    expect(compareProject(project, project, fresh)).toEqual([]);
    const fields = (got: Record<string, unknown>) =>
      compareProject({ ...project, ...got }, project, fresh).map((m) => [m.field, m.entries]);
    expect(fields({ modified: project.created })).toEqual([["modified", []]]);
    expect(fields({ title: "Launch " })).toEqual([["title", []]]);
    expect(fields({ created: "2026-11-27T11:00:00+00:00" })).toEqual([["created", []]]);
    expect(fields({ created: "2026-11-27T10:00:00" })).toEqual([["created", []]]);
    expect(fields({ ownership: "Internal" })).toEqual([["ownership", ["ownership-case"]]]);
    expect(fields({ ownership: "external" })).toEqual([["ownership", []]]);
    expect(fields({ num_comments: 3 })).toEqual([["num_comments", []]]);
  });

  it("read again: the same instant in another offset is the same time; signed thumbnail links may change", () => {
    const again = { ...project, created: "2026-11-27T11:00:00+01:00", _thumbnails: { small: { href: "https://x.invalid/s.png?sig=2" } } };
    expect(compareProject(again, project, { at })).toEqual([]);
    expect(sameInstant("2026-11-27T10:00:00Z", "2026-11-27T10:00:00+00:00")).toBe(true);
    expect(sameInstant("2026-11-27T10:00:00Z", "2026-11-27T10:00:01Z")).toBe(false);
  });

  it("after an update, modified is a time near the answer and not before the last change", () => {
    expect(freshTimestamp("modified", "2026-11-27T10:00:04+00:00", at, "2026-11-27T10:00:00+00:00")).toEqual([]);
    expect(freshTimestamp("modified", null, at)).toHaveLength(1);
    expect(freshTimestamp("modified", "2026-11-27T09:59:59+00:00", at, "2026-11-27T10:00:03+00:00")).toHaveLength(1);
    expect(freshTimestamp("modified", "2026-11-27T09:00:00+00:00", at)).toHaveLength(1);
  });
});

describe("a body against the operation's success schema", () => {
  const link = (size: string) => ({ href: `https://files.example/thumbnails/${size}.png` });
  const whole = { ...project, _thumbnails: { small: link("s"), medium: link("m"), large: link("l") } };

  it("a project as the interface lists its fields passes", () => {
    expect(schemaMismatches("getProject", whole)).toEqual([]);
  });

  it('thumbnails without the sizes the interface names ("keys small, medium, large") fail as a documented fact', () => {
    const found = schemaMismatches("createProject", { ...whole, _thumbnails: {} });
    expect(found.map((m) => m.field)).toEqual(["/_thumbnails", "/_thumbnails", "/_thumbnails"]);
    expect(found.every((m) => m.entries.length === 0)).toBe(true);
  });

  it("what only the description chooses fails on its assumption: ownership in another case", () => {
    const found = schemaMismatches("getProject", { ...whole, ownership: "Internal" });
    expect(found).toHaveLength(1);
    expect(found[0]!.entries).toEqual(["ownership-case"]);
  });

  it("an operation the description does not have is not judged here", () => {
    expect(schemaMismatches("PUT /projects/{project_id}.json", whole)).toEqual([]);
  });
});

describe("a 405's Allow (RFC 9110 §15.5.6, §10.2.1)", () => {
  const put = { method: "PUT", path: "/projects/7.json" };
  it("lists at least the methods the description has on the path, comma-separated; HEAD or OPTIONS may be added", () => {
    expect(allowProblems(put, "GET, PATCH, DELETE")).toEqual([]);
    expect(allowProblems(put, "DELETE,GET,HEAD,OPTIONS,PATCH")).toEqual([]);
  });
  it("fails when missing, run together, short of a method, or naming the method refused", () => {
    expect(allowProblems(put, null)).toEqual(["a 405 without Allow"]);
    for (const allow of ["GETPATCHDELETE", "GET, PATCH", "GET, PATCH, DELETE, PUT", "GET; PATCH; DELETE"])
      expect(allowProblems(put, allow), allow).toHaveLength(1);
  });
});

describe("a body's numbers as written", () => {
  it("keeps each number's text and where it stands", () => {
    expect(numbersOf('{"id":12,"a":[1.0,2e3],"b":{"c":-0}}')).toEqual([
      { path: ["id"], raw: "12" },
      { path: ["a", 0], raw: "1.0" },
      { path: ["a", 1], raw: "2e3" },
      { path: ["b", "c"], raw: "-0" },
    ]);
  });
  it("refuses what is not JSON", () => {
    for (const text of ["{", '{"a":01}', "[1,]", '{"a":1}x', "NaN"]) expect(() => numbersOf(text), text).toThrow(SyntaxError);
  });
});

describe("values of the classes real data has", () => {
  it("stay within the interface's limits, counted in code points and in UTF-16 units", () => {
    for (const textClass of TEXT_CLASSES) {
      const fields = fieldsOf(textClass, "pcs-contract-test abcdef");
      for (const [field, value] of Object.entries(fields)) {
        const limit = LIMITS[field as keyof typeof LIMITS];
        expect(value.length, `${textClass.name} ${field}`).toBeLessThanOrEqual(limit);
        expect(value.length, `${textClass.name} ${field}`).toBeGreaterThan(0);
      }
      expect(fields.name.startsWith("pcs-contract-test abcdef ")).toBe(true);
    }
  });
  it("at the limit: exactly 50, 1,000 and 20 characters", () => {
    const fields = atTheLimit("pcs-contract-test abcdef");
    expect([[...fields.name].length, [...fields.description].length, [...fields.job_code].length]).toEqual([50, 1000, 20]);
  });
});

describe("generated sequences", () => {
  const cast = { other: true, newcomer: true, invite: false };
  it("the same seed, the same sequence; another seed, another", () => {
    expect(generate(42, 12, "tag", cast)).toEqual(generate(42, 12, "tag", cast));
    expect(generate(42, 12, "tag", cast)).not.toEqual(generate(43, 12, "tag", cast));
  });
  it("begin with a project of the run's key, and name only the people the run has", () => {
    const steps = generate(7, 200, "tag", { other: false, newcomer: false, invite: false });
    expect(steps[0]).toMatchObject({ kind: "create", caller: "key" });
    expect(steps.some((s) => "caller" in s && s.caller === "other")).toBe(false);
    expect(steps.some((s) => "who" in s && (s.who === "other" || s.who === "newcomer" || s.who === "invitee"))).toBe(false);
  });

  it("a failing sequence shrinks to the steps it needs, the first and the last kept", async () => {
    const step = (n: number): Step => ({ kind: "read", caller: "key", slot: `P${n}`, view: "get" });
    const steps = Array.from({ length: 20 }, (_, n) => step(n));
    // It fails while steps 5 and 13 are both in it.
    const fails = async (candidate: Step[]) => {
      const slots = candidate.map((s) => ("slot" in s ? s.slot : ""));
      return slots.includes("P5") && slots.includes("P13");
    };
    const shortest = await shrink(steps, fails, 100);
    expect(shortest.map((s) => ("slot" in s ? s.slot : ""))).toEqual(["P0", "P5", "P13", "P19"]);
  });

  it("a shrink stops after its tries, with the shortest failing sequence found so far", async () => {
    const steps = Array.from({ length: 20 }, (_, n): Step => ({ kind: "read", caller: "key", slot: `P${n}`, view: "get" }));
    let tries = 0;
    const shortest = await shrink(
      steps,
      async () => {
        tries++;
        return true;
      },
      3,
    );
    expect(tries).toBe(3);
    expect(shortest.length).toBeLessThan(steps.length);
    expect(shortest[0]).toBe(steps[0]);
    expect(shortest.at(-1)).toBe(steps.at(-1));
  });
});

describe("the organization's timestamps: judged where the server sends them (the description: they may be absent)", () => {
  const organization = { name: "My Organization Name", website: "http://www.myorganizationname.com", phone: "555-5555" };
  const at = Date.parse("2026-11-28T10:00:00Z");
  const sent = { ...organization, created: "2020-01-01T00:00:00+00:00", modified: "2026-11-28T09:59:59+00:00" };

  it("an answer without created or modified agrees with a model that holds them, before and after an update", () => {
    expect(compareOrganization(organization, sent, { at })).toEqual([]);
    expect(compareOrganization(organization, sent, { updated: true, at, before: sent.modified })).toEqual([]);
  });

  it("a timestamp the server does send is still judged: created changed, modified moved without an update, or not fresh after one", () => {
    expect(compareOrganization({ ...sent, created: "2021-01-01T00:00:00+00:00" }, sent, { at }).map((m) => m.field)).toEqual(["created"]);
    expect(compareOrganization({ ...sent, modified: "2026-11-28T10:00:00+00:00" }, sent, { at }).map((m) => m.field)).toEqual(["modified"]);
    expect(
      compareOrganization({ ...sent, modified: "2019-01-01T00:00:00+00:00" }, sent, { updated: true, at, before: sent.modified }).map(
        (m) => m.field,
      ),
    ).toEqual(["modified", "modified"]);
  });

  it("every other field is still compared exactly", () => {
    expect(compareOrganization({ ...organization, phone: "555 5555" }, organization, { at }).map((m) => m.field)).toEqual(["phone"]);
  });
});

describe("a failure one scenario caught by its timing and another caught again", () => {
  const failure = {
    operation: "updateProject",
    role: "its creator",
    aspect: "outcome" as const,
    entries: [],
    passed: false,
    message: "created moved",
  };
  const statusOf = (ledger: Ledger) => ledger.results().find((r) => r.id === Ledger.idOf(failure))?.status;
  it("is failed, whichever replay ends first; unstable only when no replay failed it again", () => {
    for (const order of [
      ["unstable", "reproduced"],
      ["reproduced", "unstable"],
    ] as const) {
      const ledger = new Ledger();
      ledger.record(failure);
      for (const mark of order) mark === "unstable" ? ledger.markUnstable(failure) : ledger.markReproduced(failure);
      expect(statusOf(ledger), order.join(" then ")).toBe("failed");
    }
    const alone = new Ledger();
    alone.record(failure);
    alone.markUnstable(failure);
    expect(statusOf(alone)).toBe("unstable");
  });

  it("one confirm policy: failed again in the replay's ledger, it stands; not again, unstable; a failure that does not count, left", () => {
    const replayed = (failed: boolean) => {
      const again = new Ledger();
      again.record({ ...failure, passed: !failed });
      return again;
    };
    const confirmed = (again: Ledger, counts = () => true) => {
      const ledger = new Ledger();
      ledger.record(failure);
      ledger.confirm([failure], again, counts);
      return statusOf(ledger);
    };
    expect(confirmed(replayed(true))).toBe("failed");
    expect(confirmed(replayed(false))).toBe("unstable");
    expect(confirmed(new Ledger())).toBe("unstable");
    expect(confirmed(replayed(false), () => false)).toBe("failed");
  });
});
