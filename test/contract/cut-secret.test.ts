// A server that places the key where the checker cuts its text (a failure's 200-character excerpt of a
// body) gets no start of it into a failure line: the cut leaves no whole form for the redaction to find,
// so the start before the cut is redacted too (src/redaction.ts).
import { describe, expect, it } from "vitest";
import { explain } from "../../contract/src/transport/http.js";
import { createRedact } from "../../contract/src/transport/redact.js";

const KEY = "sk_live_9f3aQ7zXc2Lm8N0p";

describe("a key cut by an excerpt", () => {
  // Each place the cut can fall: 4 to all but one of the key's characters before it.
  for (const shown of [4, 9, KEY.length - 1]) {
    it(`leaves none of its first ${shown} characters in the failure line`, () => {
      const text = `${"x".repeat(200 - shown)}${KEY} and the rest`;
      const line = explain(
        "getProject",
        { method: "GET", url: "http://127.0.0.1:9/projects/1.json", status: 500, contentType: "text/plain", text },
        createRedact([KEY]),
      );
      expect(line).toContain("[REDACTED]…");
      expect(line).not.toContain(KEY.slice(0, 4));
    });
  }
});
