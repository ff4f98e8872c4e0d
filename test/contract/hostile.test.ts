// The command against servers written to break it (test/support/stand-in/hostile.ts), over HTTP on
// 127.0.0.1, with short limits so each case takes a few seconds: every run ends (no wall-clock assert
// beyond that: vitest's timeout is the bound), says which limit ended it, and writes its reports; no
// form of any key it sent reaches the console or a report, and nothing a server sent reaches the
// terminal as a control character. The heavier cases (writes, a second key, 15 MB bodies, peak
// memory) are in test/conformance-levels/hostile.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import { createRedact, curlOf, sentKeys, wrongKeyOf } from "../../contract/src/index.js";
import { checkerInCi } from "../support/checker.js";
import { contractKeysFor, HOSTILE_TEXT, keyForms, swapCase } from "../support/hostile-server.js";
import { echoing, type HostileServer, serveOverHttp, silent, tricklingBody, tricklingHeaders } from "../support/stand-in/hostile.js";
import { STAND_IN_KEY } from "../support/stand-in/seed.js";
import { standIn } from "../support/stand-in/server.js";

const SECRET = "Tk9-secret-KEY_42xyzQ";
let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The command against this test's server, as CI runs it (the job summary is an output too). */
const command = (args: string[], env: NodeJS.ProcessEnv = { PCS_API_KEY: SECRET }) =>
  checkerInCi(["--base-url", server!.url, ...args], env);

describe("bounded: every request from connect to its last byte, the run by --max-time", () => {
  for (const [name, start] of [
    ["a server that never answers", silent],
    ["a server that trickles its headers", tricklingHeaders],
    ["a server that trickles its body", () => tricklingBody()],
  ] as const) {
    it(`${name}: the set-up ends at --timeout, says so, and writes its reports`, async () => {
      server = await start();
      const result = await command(["--timeout", "0.25", "--max-time", "60"]);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/did not answer GET \S+\/projects\.json\?limit=10 within --timeout 0\.25 s/);
      expect(JSON.parse(result.json!).setupError).toMatch(/--timeout 0\.25 s/);
      expect(result.junit).toMatch(/<testcase [^>]*name="set-up"/);
      expect(JSON.parse(result.har!).log.entries).toEqual([]);
    });
  }

  it("a server that never answers, with --max-time shorter than --timeout: the run's limit ends the request", async () => {
    server = await silent();
    const result = await command(["--timeout", "60", "--max-time", "0.5"]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/the run reached its time limit \(--max-time 0\.5 s\) during GET \S+\/projects\.json\?limit=10/);
    expect(JSON.parse(result.json!).endedBy).toBe("max-time");
  });

  it("a server whose file lists never end: --max-time ends the run, which says so and writes its reports", async () => {
    server = await tricklingBody(/\/files\.json$/);
    const result = await command(["--max-time", "1", "--level", "documented"], { PCS_API_KEY: STAND_IN_KEY });
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^⚠ The run was stopped by --max-time \(1 s\)/m);
    expect(result.out.split("\n").at(-1)).toMatch(/^INCOMPLETE/);
    const report = JSON.parse(result.json!);
    expect(report.endedBy).toBe("max-time");
    expect(report.checks.some((c: { reason: string | null }) => c.reason === "the run reached its time limit (--max-time)")).toBe(true);
    expect(result.junit).toMatch(/<testsuites /);
  });
});

describe("a failed set-up says its cause", () => {
  it("a base URL without the prefix the server serves under: the lists' 404, and the base URL to look at", async () => {
    const { handler } = standIn();
    // The service under /public/api; anything else is the web server's own 404 page.
    server = await serveOverHttp(async (request) => {
      const url = new URL(request.url);
      if (!url.pathname.startsWith("/public/api/"))
        return new Response("<h1>Not Found</h1>", { status: 404, headers: { "content-type": "text/html" } });
      url.pathname = url.pathname.slice("/public/api".length);
      return handler(new Request(url, request));
    });
    const result = await command([], { PCS_API_KEY: STAND_IN_KEY });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(
      /nothing to test with, because the lists were not answered: list: GET \S+\/projects\.json\?limit=10 → 404 text\/html <h1>Not Found<\/h1> — is the base URL right\? .* ends in \/public\/api/,
    );
    expect(result.err).not.toMatch(/no a /);
  });
});

describe("no secret and no control character in any output", () => {
  it("a server that sends every credential back in its status text, Location, headers and bodies", async () => {
    server = await echoing({ [SECRET]: STAND_IN_KEY });
    // The checks whose requests carry every kind of key (the whole suite, with writes and a second key:
    // test/conformance-levels/hostile.test.ts).
    const groups = ["operations/", "errors/"].flatMap((group) => ["--only", group]);
    const result = await command(["--rate", "1000", "--concurrency", "8", "--level", "full", ...groups]);
    expect(result.code, result.err).toBe(1); // the echo breaks the bodies' schemas: that is not the point
    const outputs = {
      console: `${result.out}\n${result.err}`,
      json: result.json!,
      junit: result.junit!,
      har: result.har!,
      summary: result.summary!,
    };
    expect(outputs.summary).toMatch(/^## pcs-contract: FAIL/);
    const forms = contractKeysFor(SECRET).flatMap(keyForms);
    expect(forms.length).toBeGreaterThan(40);
    for (const [name, text] of Object.entries(outputs)) {
      const leaked = forms.filter((form) => text.includes(form));
      expect(leaked, `${name} holds a form of a key`).toEqual([]);
    }
    // The server did send them back: a report without them is redacted, not empty.
    expect(outputs.har).toContain("[REDACTED]");
    expect(
      JSON.parse(outputs.har).log.entries.some((e: { response: { statusText: string } }) => /\[REDACTED\]/.test(e.response.statusText)),
    ).toBe(true);
    // The console shows what the server sent, escaped: no character a terminal acts on.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
    expect(outputs.console).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    // The attack the server put in its text bodies is there, each control written as an escape: in the
    // console as far as a line of 160 characters holds it (the line is cut, never a control in it), whole
    // in the JSON report.
    expect(outputs.console).toMatch(/you sent: \\u001b\[2J\\u001b\]0;owned/);
    expect(outputs.json).toContain(
      String.raw`you sent: \u001b[2J\u001b]0;owned\u0007\u001b]52;c;aGk=\u0007\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\\u009b31m\u202eexe.txt\u2066x\u2069`,
    );
    expect(outputs.console).not.toContain(HOSTILE_TEXT);
    expect(outputs.console).not.toContain("\u001b");
  });

  it("the redaction learns a credential made from a key that the list of sent keys does not hold", () => {
    const redact = createRedact([SECRET]);
    const made = `prefix-${SECRET.toLowerCase()}`;
    expect(redact(`${made} ${btoa(`${made}:`)}`)).toBe(
      `prefix-${SECRET.toLowerCase()} ${btoa(`${made}:`)}`.replace(SECRET.toLowerCase(), "[REDACTED]"),
    );
    redact.learn!(`Basic ${btoa(`${made}:`)}`);
    expect(redact(`${made} ${btoa(`${made}:`)} ${encodeURIComponent(btoa(`${made}:`))}`)).toBe("[REDACTED] [REDACTED] [REDACTED]");
    // A made-up credential that holds no key stays readable (its curl line replays).
    redact.learn!("Bearer contract-test-key");
    expect(redact("contract-test-key")).toBe("contract-test-key");
  });

  it("curl lines show every key the run derives as a shell expression of the variable that holds it", () => {
    const target = {
      name: "t",
      baseUrl: "https://pcs.invalid",
      apiKey: SECRET,
      otherApiKey: "0ther-Key-value",
      isMock: false,
      stateful: true,
      allowWrites: false,
      checksKeys: true,
      disposable: false,
    };
    const redact = createRedact(sentKeys(target).map((k) => k.value));
    const curl = (url: string, headers: Record<string, string>) =>
      curlOf(
        {
          id: 1,
          started: "",
          method: "GET",
          url,
          requestHeaders: headers,
          status: 401,
          statusText: "",
          responseHeaders: {},
          responseText: "",
          size: 0,
          attempts: 1,
          ms: 1,
        },
        target,
        redact,
      );
    const basic = (userPass: string) => ({ authorization: `Basic ${btoa(userPass)}` });
    expect(curl("https://pcs.invalid/groups.json", basic(`${SECRET}:`))).toBe(
      `curl -sS -i 'https://pcs.invalid/groups.json' -u "${API_KEY}:"`,
    );
    expect(curl("https://pcs.invalid/groups.json", basic(`${wrongKeyOf(SECRET)}:`))).toContain(`-u "${API_KEY}-not-this-one:"`);
    expect(curl("https://pcs.invalid/groups.json", basic(`${SECRET.toUpperCase()}:`))).toContain(
      `-u "$(printf %s "${API_KEY}" | tr a-z A-Z):"`,
    );
    expect(curl("https://pcs.invalid/groups.json", basic(`:${SECRET}`))).toContain(`-u ":${API_KEY}"`);
    expect(curl("https://pcs.invalid/groups.json", basic("0ther-Key-value:"))).toContain(`-u "${OTHER_KEY}:"`);
    expect(curl(`https://pcs.invalid/groups.json?api_key=${SECRET}`, { "x-api-key": SECRET })).toBe(
      `curl -sS -i "https://pcs.invalid/groups.json?api_key=${API_KEY}" -H "x-api-key: ${API_KEY}"`,
    );
    expect(curl("https://pcs.invalid/groups.json", { authorization: `Bearer ${SECRET}` })).toContain(
      `-H "authorization: Bearer ${API_KEY}"`,
    );
    for (const line of [
      curl("https://pcs.invalid/g", basic(`${swapCase(SECRET)}:`)),
      curl("https://pcs.invalid/g", basic(`${SECRET.toLowerCase()}:`)),
    ])
      for (const form of [SECRET, "0ther-Key-value"].flatMap(contractKeysFor).flatMap(keyForms)) expect(line).not.toContain(form);
  });
});

/** The shell expressions of the variables, as curl lines write them. */
const API_KEY = ["$", "{PCS_API_KEY}"].join("");
const OTHER_KEY = ["$", "{PCS_OTHER_API_KEY}"].join("");
