// The organization's one change splits every pair of properties a server could tie (email and
// email_billing, country and region, name and website, the lines of an address): a server that ties
// them — "email_billing defaults to the primary email", taken as "follows it" — changes the property
// the run did not send, and the run fails, on a server that is not disposable (one change, one
// restore) and on a disposable one (each property alone).
import { describe, expect, it } from "vitest";
import { findings } from "../../contract/src/index.js";
import type { Handler } from "../support/stand-in/documented-only.js";
import { standInRun } from "../support/stand-in/run.js";

/** A server whose two addresses follow each other: either sent alone sets the other too. */
const billingFollows =
  (handler: Handler): Handler =>
  async (request) => {
    if (request.method !== "PATCH" || !new URL(request.url).pathname.endsWith("/organizations.json")) return handler(request);
    const body = (await request.json()) as Record<string, unknown>;
    if (typeof body.email === "string" && !("email_billing" in body)) body.email_billing = body.email;
    else if (typeof body.email_billing === "string" && !("email" in body)) body.email = body.email_billing;
    return handler(new Request(request.url, { method: "PATCH", headers: request.headers, body: JSON.stringify(body) }));
  };

describe.concurrent("a server that ties two properties of the organization", () => {
  for (const disposable of [false, true]) {
    it(`fails the run (${disposable ? "disposable: each property alone" : "not disposable: the one change"})`, async () => {
      const { run } = await standInRun({
        writes: true,
        otherKey: true,
        inviteEmail: "lee.park@northwind.example",
        disposable,
        wrap: billingFollows,
      });
      const failures = findings(run).failures.map((r) => `${r.title}: ${r.reason}`);
      expect(
        failures.some((f) => /email/.test(f) && /Organization/i.test(f)),
        failures.join("\n").slice(0, 2000),
      ).toBe(true);
      // The run prints which properties its one change sent.
      if (!disposable) expect(run.notes?.some((note) => /^The organization's one change \(seed \d+\) sent /.test(note))).toBe(true);
    });
  }
});
