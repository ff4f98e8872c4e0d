// The organization's one change on a server that is not disposable (contract/src/sequences/organization.ts):
// one side of every pair a server could tie is sent (the source of a derived one; of the others, the side
// a seed picks), so what is sent and what is not split every pair; the change holds only those properties
// (and the phone); the restore puts back every one.
import { describe, expect, it } from "vitest";
import { othersTag } from "../../contract/src/runner/created.js";
import { organizationChange, splitChoice, splitLine } from "../../contract/src/sequences/organization.js";

const PAIRS = [
  ["email", "email_billing"],
  ["name", "website"],
  ["address.country", "address.region_name"],
  ["address.street", "address.street2"],
  ["address.city", "address.postal_code"],
];
const original = {
  name: "Northwind Traders",
  phone: "555-5555",
  email: "hello@northwind.example",
  email_billing: "billing@northwind.example",
  website: "https://www.northwind.example/",
  address: { street: "1 Main St", street2: "Suite 2", city: "Portland", region_name: "OR", postal_code: "97201", country: "US" },
};
const valueAt = (record: Record<string, unknown>, path: string) =>
  path.startsWith("address.") ? (record.address as Record<string, unknown> | undefined)?.[path.slice(8)] : record[path];

describe("the split of the organization's one change", () => {
  it("sends exactly one side of every pair, whatever the seed, and seeds pick differently", () => {
    const choices = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      const sent = splitChoice(seed);
      expect(sent).toContain("phone");
      for (const [a, b] of PAIRS) expect(Number(sent.includes(a!)) + Number(sent.includes(b!)), `${seed}: ${a}/${b}`).toBe(1);
      choices.add(sent.join());
    }
    // What a server would derive from the other (the billing address, the region, the website) is never
    // sent; the street lines and the city and postal code are split either way, as the seed picks.
    for (const derived of ["email_billing", "website", "address.region_name"]) expect([...choices].join()).not.toContain(derived);
    expect(choices.size).toBe(4);
    expect(splitChoice(7)).toEqual(splitChoice(7));
  });

  it("changes what it sends to a valid other value, leaves out what it does not, and restores all", () => {
    for (const seed of [1, 2, 3, 52]) {
      const sent = splitChoice(seed);
      const { change } = organizationChange(original, "+1 503 555 0142", sent);
      for (const [a, b] of PAIRS) {
        const [picked, other] = sent.includes(a!) ? [a!, b!] : [b!, a!];
        expect(valueAt(change, picked), picked).not.toBe(valueAt(original, picked));
        expect(valueAt(change, other), `${other}: not sent`).toBeUndefined();
      }
      expect(change.email).toBe("hello+pcs-contract-test@northwind.example");
      expect(splitLine(seed, sent).length).toBeLessThanOrEqual(200);
    }
    const all = PAIRS.flat();
    const { restore } = organizationChange(original, "+1 503 555 0142", ["phone", ...all]);
    expect(restore).toEqual(original);
  });
});

// Runs that share an organization tell each other's change by the tag at the start of its name
// (test/conformance-levels/shared-organization.test.ts runs it).
describe("the run's tag in the organization's change", () => {
  const tag = "pcs-contract-test ab12cd";
  it("begins the changed name, within the organization's 255 characters, and nothing else of the change", () => {
    for (let seed = 0; seed < 50; seed++) {
      const { change, restore } = organizationChange(original, "+1 503 555 0142", splitChoice(seed), tag);
      expect(change.name).toMatch(/^pcs-contract-test ab12cd \S/);
      expect([...String(change.name)].length).toBeLessThanOrEqual(255);
      expect(JSON.stringify({ ...change, name: undefined })).not.toContain(tag);
      expect(restore.name).toBe(original.name);
    }
  });

  it("is read as another run's only when it is one, whole", () => {
    expect(othersTag("pcs-contract-test zz9zz9 a change", tag)).toBe("pcs-contract-test zz9zz9");
    expect(othersTag(`${tag} this run's own change`, tag)).toBeUndefined();
    for (const name of [
      "Northwind Traders",
      "pcs-contract-test",
      "pcs-contract-test zz9zz9",
      "pcs-contract-test \u001b[31mred x",
      "pcs-contract-test ZZ9ZZ9 x",
      42,
      null,
    ])
      expect(othersTag(name, tag), String(name)).toBeUndefined();
  });
});
