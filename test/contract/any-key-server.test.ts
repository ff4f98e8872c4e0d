// Issue 47: a read-only run against a server that takes ANY credential — whatever the Authorization
// header holds, the caller is the account's administrator — so that every check of a refused
// credential fails and its request (the key with a password after it, under another scheme, in
// another case…) is written into every output. No form of either key may be in any of them: the JSON
// report, the JUnit report, the HAR file, the console text and the job summary; and no Basic token,
// or any other word that decodes as base64, may decode to text holding a key.
import { beforeAll, describe, expect, it } from "vitest";
import { consoleReport, har, jobSummary, json, junit, runContract, type RunResult } from "../../contract/src/index.js";
import { createSandbox, SANDBOX_ADMIN_KEY } from "../../src/sandbox/index.js";

// Lengths whose "key:" is not a whole number of base64's 3-byte blocks: the Basic token of the key with
// a password after it then does not start with the token of "key:" (which would be redacted as a part).
const KEY = "Any-Key-9f3aQ7zXc2Lm5";
const OTHER_KEY = "0ther-Key-Wq81pTr5x";
const KEYS = [KEY, OTHER_KEY];

/** Every Authorization header becomes the administrator's credential; one without any is left alone. */
function acceptsAnyKey() {
  const sandbox = createSandbox();
  const sent: string[] = [];
  const fetch = (request: Request) => {
    const headers = new Headers(request.headers);
    const authorization = headers.get("authorization");
    if (authorization) {
      sent.push(authorization);
      headers.set("authorization", `Basic ${Buffer.from(`${SANDBOX_ADMIN_KEY}:`).toString("base64")}`);
    }
    return sandbox.fetch(new Request(request, { headers }));
  };
  return { fetch, sent };
}

/** The forms written out here, not taken from the redaction under test: each key in each case, its
 * Basic tokens as user name and as password, and each percent-encoded. */
function formsOf(key: string): string[] {
  const swapped = [...key].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");
  const cases = [key, key.toUpperCase(), key.toLowerCase(), swapped];
  const plain = cases.flatMap((k) => [k, Buffer.from(`${k}:`).toString("base64"), Buffer.from(`:${k}`).toString("base64")]);
  return [...plain, ...plain.map(encodeURIComponent)];
}

/** Every word of a text that can be base64 or base64url, decoded (percent-decoded first: a token in a URL). */
function decodedWords(text: string): string[] {
  const percentDecoded = text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const words = percentDecoded.match(/[A-Za-z0-9+/_-]{6,}={0,2}/g) ?? [];
  return words.map((word) => Buffer.from(word, "base64").toString("latin1"));
}

const holdsAKey = (text: string) => KEYS.some((key) => text.toLowerCase().includes(key.toLowerCase()));

describe("a read-only run against a server that accepts any key", () => {
  let run: RunResult;
  let sent: string[];
  let outputs: Record<string, string>;

  beforeAll(async () => {
    const server = acceptsAnyKey();
    sent = server.sent;
    run = await runContract({
      target: {
        name: "a server that accepts any key",
        baseUrl: "https://any-key.invalid/public/api",
        apiKey: KEY,
        otherApiKey: OTHER_KEY,
        isMock: false,
        stateful: true,
        allowWrites: false,
        checksKeys: true,
        disposable: false,
        fetch: server.fetch,
      },
      level: "documented",
      limits: { rate: 10_000, concurrency: 8 },
      seed: 20261128,
    });
    outputs = { json: json(run), junit: junit(run), har: har(run), console: consoleReport(run), summary: jobSummary(run) };
  });

  it("sent forms of the key the server took, a Basic token of the key with a password among them", () => {
    // The test can fail: the refused-credential checks sent the key with a password after it, and
    // failed (the server took it), so their requests are in the reports.
    const withPassword = `Basic ${Buffer.from(`${KEY}:a-password`).toString("base64")}`;
    expect(sent).toContain(withPassword);
    expect(withPassword).not.toContain(Buffer.from(`${KEY}:`).toString("base64"));
    const failedChecks = JSON.parse(outputs.json!).checks.filter((c: { status: string }) => c.status === "failed");
    expect(failedChecks.length).toBeGreaterThan(0);
    expect(run.requests).toBeGreaterThan(50);
  });

  it("writes no form of either key into any output", () => {
    const forms = KEYS.flatMap(formsOf);
    for (const [name, text] of Object.entries(outputs)) {
      expect(
        forms.filter((form) => text.includes(form)),
        `${name} holds a form of a key`,
      ).toEqual([]);
      expect(holdsAKey(text), `${name} holds a key in some case`).toBe(false);
    }
    // Redacted, not left out: the reports do show those requests.
    expect(outputs.har).toContain("[REDACTED]");
    expect(outputs.json).toContain("[REDACTED]");
  });

  it("shows the key with a password after it as a curl line that replays it, the key as its variable", () => {
    const requests = JSON.parse(outputs.json!).checks.map((c: { request?: string }) => c.request ?? "");
    expect(requests.filter((r: string) => r.includes(`-u "\${PCS_API_KEY}:a-password"`)).length).toBeGreaterThan(0);
  });

  it("writes no Basic token, nor any other base64 word, that decodes to text holding a key", () => {
    for (const [name, text] of Object.entries(outputs)) {
      const tokens = [...text.matchAll(/Basic\s+([A-Za-z0-9+/_-]+=*)/g)].map((m) => Buffer.from(m[1]!, "base64").toString("latin1"));
      expect(tokens.filter(holdsAKey), `${name}: a Basic token decodes to a key`).toEqual([]);
      expect(decodedWords(text).filter(holdsAKey), `${name}: a base64 word decodes to a key`).toEqual([]);
    }
    // Every credential the server was sent that decodes to a key is a token the outputs do not hold.
    const decodingToAKey = sent
      .flatMap((value) => value.split(/\s+/))
      .filter((word) => holdsAKey(Buffer.from(word, "base64").toString("latin1")));
    expect(decodingToAKey.length).toBeGreaterThan(0);
    for (const [name, text] of Object.entries(outputs))
      expect(
        decodingToAKey.filter((token) => text.includes(token)),
        name,
      ).toEqual([]);
  });
});
