// The one redaction policy (src/redaction.ts), which the client, the MCP server, `pcs` and the checker
// share, case by case: every form of a key (itself in each case, its Basic token as user name and as
// password, each percent-encoded, itself escaped in a JSON string), the longest secret first, a short
// key only where it stands alone, and the user info of any URL; the same for a parsed JSON value and for
// a Response's status text, URL and headers. The places that use it check only that they do: the client
// in auth.test.ts ("the API key never leaks") and test/faults/client-hostile.test.ts, the MCP server in
// mcp/test/secrets.test.ts and stdio.test.ts, the checker in test/contract/command.test.ts. The same
// policy as properties over generated JSON, URLs and emails side by side: redaction-properties.test.ts.
import { describe, expect, it } from "vitest";
import { createRedactor, credentialForms, REDACTED } from "../../src/index.js";
import { hasUserInfo, redactJson, redactResponse } from "../../src/redaction.js";

/** base64 of "key:" (the key as user name) or ":key" (as password), written out with Node's Buffer
 * rather than taken from the code under test. */
const basicToken = (key: string) => Buffer.from(`${key}:`).toString("base64");
const passwordToken = (key: string) => Buffer.from(`:${key}`).toString("base64");

// Keys of every length, even one character: a key that is an ordinary word is still the key. The
// second list is made of characters no wording of this project uses, so any occurrence left is a leak.
const KEYS = [
  ...["q", "qz", "qzx", "qzx-7", "qzx-7-Kw", "qzx-7-Kw-long-enough"],
  ...["~", "~^", "|~`", "^~|^", "~`~`~", "|||^^^~", "~^|`~^|`", "^|~`^|~`^|~`", "~".repeat(40)],
];

describe("createRedactor with a key's credentialForms", () => {
  it.each(KEYS.map((key) => [key.length, key] as const))("replaces a key of %i characters (%j) and its Basic tokens", (_, key) => {
    const redact = createRedactor(credentialForms(key));
    expect(redact(`your key ${key} (${basicToken(key)}) is wrong`)).toBe(`your key ${REDACTED} (${REDACTED}) is wrong`);
    expect(redact(`Basic ${basicToken(key)}`)).toBe(`Basic ${REDACTED}`);
    expect(redact(`Basic ${passwordToken(key)}`)).toBe(`Basic ${REDACTED}`);
    expect(redact(`${key} ${key}`)).toBe(`${REDACTED} ${REDACTED}`);
  });

  it("replaces a key of 8 characters or more wherever it is, inside a word too", () => {
    const redact = createRedactor(credentialForms("qzx-7-Kw"));
    expect(redact("xqzx-7-Kwqzx-7-Kwy")).toBe(`x${REDACTED}${REDACTED}y`);
  });

  it("replaces a shorter key only where it stands alone, so that a message stays readable", () => {
    const redact = createRedactor(credentialForms("e"));
    expect(redact("The service answered: key e is not valid (request 7e, e2e)")).toBe(
      `The service answered: key ${REDACTED} is not valid (request 7e, e2e)`,
    );
    expect(createRedactor(credentialForms("abc"))("abc,abcd;xabc:abc")).toBe(`${REDACTED},abcd;xabc:${REDACTED}`);
  });

  it("replaces the key in each case a server may turn it into", () => {
    const redact = createRedactor(credentialForms("sk-Live-Mixed-42"));
    expect(redact("sk-live-mixed-42 SK-LIVE-MIXED-42 SK-lIVE-mIXED-42 sk-Live-Mixed-42")).toBe(
      [REDACTED, REDACTED, REDACTED, REDACTED].join(" "),
    );
  });

  it("replaces the key and its Basic tokens percent-encoded, with either case of hex and as a form encodes them", () => {
    const key = "sk+live/a b~c=42";
    const redact = createRedactor(credentialForms(key));
    const forms = [
      "sk%2Blive%2Fa%20b~c%3D42", // encodeURIComponent
      "sk%2blive%2fa%20b~c%3d42", // the same, lower-case hex
      "sk%2Blive%2Fa+b%7Ec%3D42", // application/x-www-form-urlencoded
      encodeURIComponent(basicToken(key)),
      encodeURIComponent(passwordToken(key)),
    ];
    for (const form of forms) expect(redact(`?key=${form}&x=1`)).toBe(`?key=${REDACTED}&x=1`);
  });

  it("replaces a key with characters JSON escapes, also as it appears inside JSON text", () => {
    const oddKey = 'key"with\\quote-1234';
    const redact = createRedactor(credentialForms(oddKey));
    expect(redact(`You sent ${oddKey}`)).toBe(`You sent ${REDACTED}`);
    expect(redact(JSON.stringify({ detail: `You sent ${oddKey}` }))).toBe(`{"detail":"You sent ${REDACTED}"}`);
  });

  it("replaces the longest secret first, so one that contains another goes whole", () => {
    expect(createRedactor(["abc", "abcdef"])("abcdef and abc")).toBe(`${REDACTED} and ${REDACTED}`);
    expect(createRedactor(["long-enough-key", "long-enough-key-wrong"])("long-enough-key-wrong")).toBe(REDACTED);
  });

  it("takes secrets with characters a regular expression would read as syntax literally", () => {
    const redact = createRedactor(credentialForms("a.b*c(d)[e]{f}|g\\h^$?+/"));
    expect(redact("x a.b*c(d)[e]{f}|g\\h^$?+/ y aXb")).toBe(`x ${REDACTED} y aXb`);
  });

  it("leaves text alone when it holds no secret; no key, no forms", () => {
    expect(createRedactor(credentialForms("k3y"))("nothing to hide here")).toBe("nothing to hide here");
    expect(credentialForms("")).toEqual([]);
  });
});

describe("createRedactor and URLs", () => {
  const redact = createRedactor(credentialForms("k3y"));
  it("replaces the user info of every URL, whoever's it is", () => {
    expect(redact("GET https://someone:hunter2@pcs.example.com/x and ftp://anon@files.example.com/")).toBe(
      `GET https://${REDACTED}@pcs.example.com/x and ftp://${REDACTED}@files.example.com/`,
    );
  });
  it("replaces it at the very start of a text too", () => {
    expect(redact("https://someone:hunter2@pcs.example.com/x")).toBe(`https://${REDACTED}@pcs.example.com/x`);
  });
  it("leaves an email address and a URL without user info alone", () => {
    expect(redact("write to hello@northwind.example or https://pcs.example.com/a@b")).toBe(
      "write to hello@northwind.example or https://pcs.example.com/a@b",
    );
  });
});

describe("createRedactor's secrets", () => {
  it("ignores empty and non-string secrets, which would otherwise match everywhere or throw", () => {
    const redact = createRedactor(["", undefined, null, 7, "k3y"] as unknown as string[]);
    expect(redact("a k3y b")).toBe(`a ${REDACTED} b`);
    expect(createRedactor([""])("nothing to hide")).toBe("nothing to hide");
  });
});

describe("hasUserInfo: whether a URL carries a credential of its own", () => {
  it.for([
    ["https://someone:hunter2@pcs.example.com/api", true],
    ["https://someone@pcs.example.com/api", true],
    ["https://:hunter2@pcs.example.com/api", true],
    ["https://pcs.example.com/api", false],
    ["not a URL at all", false],
  ] as const)("%s: %s", ([url, expected]) => {
    expect(hasUserInfo(url)).toBe(expected);
  });
});

describe("redactJson: a parsed JSON value", () => {
  /** An object nested `levels` deep under `a`, with `{}` innermost. */
  const nested = (levels: number): object => (levels === 0 ? {} : { a: nested(levels - 1) });
  const innermost = (value: unknown, levels: number): unknown =>
    levels === 0 ? value : innermost((value as { a: unknown }).a, levels - 1);

  it("keeps 32 levels of objects below the top and replaces what lies deeper", () => {
    expect(redactJson(nested(32), (text) => text)).toEqual(nested(32));
    expect(
      innermost(
        redactJson(nested(33), (text) => text),
        33,
      ),
    ).toBe("[nested too deeply]");
  });

  it("never redacts an array's indexes, even with a key that is a digit", () => {
    expect(redactJson(["a", "b", ["c"]], createRedactor(["1"]))).toEqual(["a", "b", ["c"]]);
  });

  it("hands back a copy the caller may change", () => {
    const copy = redactJson({ a: { b: 1 } }, (text) => text) as Record<string, unknown>;
    copy.a = 2;
    delete copy.a;
    expect(copy).toEqual({});
  });

  it.each(KEYS.map((key) => [key.length, key] as const))(
    "scrubs a key of %i characters in values and property names, however deep",
    (_, key) => {
      const redact = createRedactor(credentialForms(key));
      const echoed = {
        title: `Denied ${key}`,
        status: 401,
        detail: `got Basic ${basicToken(key)}`,
        [key]: { nested: [`${key} ${key}`, { [basicToken(key)]: basicToken(key) }] },
      };
      expect(redactJson(echoed, redact)).toEqual({
        title: `Denied ${REDACTED}`,
        status: 401,
        detail: `got Basic ${REDACTED}`,
        [REDACTED]: { nested: [`${REDACTED} ${REDACTED}`, { [REDACTED]: REDACTED }] },
      });
    },
  );

  it("scrubs the raw key from a parsed string, even when the key holds characters JSON escapes", () => {
    const oddKey = 'key"with\\quote-1234';
    expect(redactJson({ detail: `You sent ${oddKey}` }, createRedactor(credentialForms(oddKey)))).toEqual({
      detail: `You sent ${REDACTED}`,
    });
  });

  it("keeps numbers, booleans and nulls", () => {
    const problem = { title: "Bad Request", status: 400, retryable: false, instance: null, errors: [{ detail: "x", index: 0 }] };
    expect(redactJson(problem, (text) => text)).toEqual(problem);
  });
});

describe("redactResponse: a Response's status text, URL and headers", () => {
  const key = "a-response-key";
  const redact = createRedactor(credentialForms(key));

  it("scrubs the status text and the header values", () => {
    const echoing = new Response(null, {
      status: 401,
      statusText: `Denied ${key}`,
      headers: { "X-Echo-Key": key, "X-Echo-Authorization": `Basic ${basicToken(key)}` },
    });
    const scrubbed = redactResponse(echoing, redact);
    expect(scrubbed.status).toBe(401);
    expect(scrubbed.statusText).toBe(`Denied ${REDACTED}`);
    expect(scrubbed.headers.get("X-Echo-Key")).toBe(REDACTED);
    expect(scrubbed.headers.get("X-Echo-Authorization")).toBe(`Basic ${REDACTED}`);
  });

  it("leaves out a header whose name holds the key, which no marker could replace in a valid name", () => {
    const short = createRedactor(credentialForms("k"));
    const named = new Response(null, { status: 503, headers: { "X-K": "1", "Keep-Alive": "timeout=5", "Retry-After": "3" } });
    const scrubbed = redactResponse(named, short);
    // keep-alive stays: a short key inside a word is not the key.
    expect([...scrubbed.headers.keys()]).toEqual(["keep-alive", "retry-after"]);
    expect(scrubbed.status).toBe(503);
  });

  it("hands back the response itself when none of them holds a secret", () => {
    const plain = new Response(null, { status: 429, statusText: "Too Many Requests", headers: { "Retry-After": "3" } });
    expect(redactResponse(plain, redact)).toBe(plain);
  });
});

describe("edge cases of the inputs", () => {
  it("with no secret at all, still replaces a URL's user info", () => {
    expect(createRedactor([])("see https://me:pw@pcs.example.com/x")).toBe(`see https://${REDACTED}@pcs.example.com/x`);
  });

  it("ignores an empty secret (it would match between every two characters)", () => {
    expect(createRedactor(["", "qzx-7-Kw-long-enough"])("abc qzx-7-Kw-long-enough")).toBe(`abc ${REDACTED}`);
    expect(createRedactor([""])("abc - [x]")).toBe("abc - [x]");
  });

  it("has no form of a key that is not a string (an option left unset in JavaScript)", () => {
    expect(credentialForms(undefined as unknown as string)).toEqual([]);
    expect(credentialForms("")).toEqual([]);
  });
});

describe("a text cut short through a secret (an excerpt, a body kept up to a limit)", () => {
  const key = "qzx-7-Kw-long-enough";
  const redact = createRedactor(credentialForms(key));

  it("redacts the secret's start where the text was cut", () => {
    expect(redact(`body: {"echo":"${key.slice(0, 11)}…`)).toBe(`body: {"echo":"${REDACTED}…`);
    expect(redact(`a ${key.slice(0, 4)}… and b ${key.slice(0, 19)}…`)).toBe(`a ${REDACTED}… and b ${REDACTED}…`);
  });

  it("and the start of the key's other forms (its Basic token, percent-encoded)", () => {
    const token = basicToken(key);
    expect(redact(`Authorization: Basic ${token.slice(0, 12)}…`)).toBe(`Authorization: Basic ${REDACTED}…`);
    const encoded = encodeURIComponent(basicToken("sk+live/Zq8=canary~7f3a"));
    const encodedRedact = createRedactor(credentialForms("sk+live/Zq8=canary~7f3a"));
    expect(encodedRedact(`?t=${encoded.slice(0, 9)}…`)).toBe(`?t=${REDACTED}…`);
  });

  it("leaves a start under four characters, text not cut, and a cut elsewhere as they are", () => {
    expect(redact(`${key.slice(0, 3)}…`)).toBe(`${key.slice(0, 3)}…`);
    expect(redact(`${key.slice(0, 11)} and more`)).toBe(`${key.slice(0, 11)} and more`);
    expect(redact("Showing 30… of many")).toBe("Showing 30… of many");
  });
});
