// The checker sends its own requests in forms the grammars make the same, and requires the same outcome:
// a server that reads the media type by its exact spelling (415 to `Application/JSON ;…`, 406 to an
// Accept written in capitals) fails those checks; the stand-in as it is passes them (faithful-variants).
import { describe, expect, it } from "vitest";
import type { Handler } from "../support/stand-in/documented-only.js";
import { standInRun } from "../support/stand-in/run.js";

/** A server that compares media types as strings, case and white space included. */
const byExactSpelling =
  (handler: Handler): Handler =>
  async (request) => {
    const type = request.headers.get("content-type");
    if (type !== null && !type.startsWith("application/json")) return new Response(null, { status: 415 });
    const accept = request.headers.get("accept") ?? "*/*";
    if (!/application\/json|\*\/\*/.test(accept)) return new Response(null, { status: 406 });
    return handler(request);
  };

describe("requests in equivalent forms", () => {
  it("a server that reads media types by their spelling fails the checks that send other spellings", async () => {
    const { run } = await standInRun({ writes: true, otherKey: false, wrap: byExactSpelling });
    const status = (part: string) => run.results.find((r) => r.title.includes(part))?.status;
    expect(status("a body in another JSON form and media type spelling makes the same project")).toBe("failed");
    expect(status("getProject (GET /projects/{project_id}.json): an Accept that takes JSON")).toBe("failed");
  });
});
