// The wire check's question — does a body hold a credential the run sent? — is asked of the body as the
// server sent it, and answered by the run's credentials alone: a URL's user info in a body (an
// organization's website with a user name, say) is no credential of the run's, though every report
// still redacts it.
import { describe, expect, it } from "vitest";
import { createRedact } from "../../contract/src/transport/redact.js";
import { createRedactor, REDACTED } from "../../src/index.js";

const KEY = "Run-Key-7d1c9e2b";

describe("a body holding a credential of the run", () => {
  const redact = createRedact([KEY]);
  it("a URL with user info is not one, and is still redacted in what is printed", () => {
    const body = '{"website":"https://alice:s3cret@www.example.com/","email":"admin@example.com"}';
    expect(redact.holdsCredential?.(body)).toBe(false);
    expect(redact(body)).toBe(`{"website":"https://${REDACTED}@www.example.com/","email":"admin@example.com"}`);
  });

  it("the key, its Basic token, and a token learned from a header are", () => {
    expect(redact.holdsCredential?.(`{"echo":"${KEY.toLowerCase()}"}`)).toBe(true);
    expect(redact.holdsCredential?.(`{"auth":"Basic ${btoa(`${KEY}:`)}"}`)).toBe(true);
    const learned = btoa(`${KEY}:a-password`);
    expect(redact.holdsCredential?.(`{"auth":"${learned}"}`)).toBe(false);
    redact.learn?.(`Basic ${learned}`);
    expect(redact.holdsCredential?.(`{"auth":"${learned}"}`)).toBe(true);
  });

  it("createRedactor without the URL rule changes only the secrets", () => {
    const text = `https://bob:pw@host.example ${KEY}`;
    expect(createRedactor([KEY], { urlUserInfo: false })(text)).toBe(`https://bob:pw@host.example ${REDACTED}`);
    expect(createRedactor([KEY])(text)).toBe(`https://${REDACTED}@host.example ${REDACTED}`);
  });
});
