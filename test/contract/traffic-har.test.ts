// Judging a HAR file the checker did not write (contract/src/traffic/): hostile files each get one clear
// line and exit 2, within bounded memory and time (malformed, not HAR, 100 MB, nested a million deep);
// entries to other hosts and binary bodies are counted, not fatal; nothing of a credential or cookie
// the traffic carries reaches any output; and nothing is sent.
import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { main } from "../../contract/src/command/main.js";
import { project } from "../support/har-entries.js";
import { scratchDirForFile } from "../support/scratch.js";

const dir = scratchDirForFile("pcs-traffic-");
const BASE = "https://pcs.example/public/api";
const KEY = "tr4ffic-secret-key-9f2c";
const COOKIE = "sess-7a61c0ffee";
const QUERY_KEY = "qu3ry-secret-77";

let clock = Date.UTC(2026, 10, 28, 12, 0, 0);
/** A HAR entry: one request with its answer, a second after the one before. */
function entry(
  method: string,
  url: string,
  status: number,
  body: unknown,
  extra: { requestBody?: string; headers?: Array<{ name: string; value: string }>; content?: object } = {},
) {
  return {
    startedDateTime: new Date((clock += 1000)).toISOString(),
    time: 5,
    request: {
      method,
      url,
      httpVersion: "HTTP/1.1",
      headers: [
        { name: "Authorization", value: `Basic ${Buffer.from(`${KEY}:`).toString("base64")}` },
        { name: "Cookie", value: `session=${COOKIE}` },
        ...(extra.headers ?? []),
      ],
      ...(extra.requestBody !== undefined && { postData: { mimeType: "application/json", text: extra.requestBody } }),
    },
    response: {
      status,
      statusText: "",
      headers: [
        { name: "Content-Type", value: "application/json" },
        { name: "Set-Cookie", value: `session=${COOKIE}; HttpOnly` },
      ],
      content: extra.content ?? { size: -1, mimeType: "application/json", text: JSON.stringify(body) },
    },
  };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function judged(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const { code, run } = await main(args, {}, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, run, out: out.join("\n"), err: err.join("\n") };
}

describe("hostile HAR files: one line, exit 2", () => {
  const cases: Array<[string, () => string, RegExp]> = [
    ["not JSON", () => file("broken.har", '{"log": {"entries": [ {'), /not a HAR file: not JSON/],
    ["JSON, not a HAR", () => file("other.json", '{"name": "not a HAR"}'), /no log\.entries/],
    ["an array", () => file("array.har", "[1, 2, 3]"), /does not begin with a JSON object/],
    [
      "nested a million levels deep",
      () => file("deep.har", `{"log":${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}}`),
      /nests deeper than 64 levels/,
    ],
    [
      "100 MB",
      () => {
        const path = file("huge.har", "");
        truncateSync(path, 100 * 1024 * 1024); // sparse: nothing is written
        return path;
      },
      /100\.0 MB, more than the 64 MB read/,
    ],
    ["missing", () => join(dir, "nowhere.har"), /cannot read the HAR file/],
  ];
  for (const [name, make, message] of cases)
    it(name, async () => {
      const path = make();
      const before = process.memoryUsage().rss;
      const { code, err, out } = await judged(["--from-har", path]);
      expect(code).toBe(2);
      expect(err).toMatch(message);
      expect(err.split("\n")).toHaveLength(1);
      expect(out).toBe("");
      // The huge file is refused before it is read: memory does not grow by its size.
      expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    });
});

describe("what a recording holds", () => {
  const har = {
    log: {
      version: "1.2",
      entries: [
        entry("GET", "https://cdn.example/app.js", 200, "x"),
        entry("GET", "https://fonts.example/a.woff2", 200, null, {
          content: { size: 4, mimeType: "font/woff2", encoding: "base64", text: Buffer.from([0, 255, 1, 254]).toString("base64") },
        }),
        entry("POST", `${BASE}/projects.json`, 201, project, { requestBody: '{"name":"Launch"}' }),
        entry("GET", `${BASE}/projects/4100.json`, 200, null, {
          content: { size: 4, mimeType: "application/json", encoding: "base64", text: Buffer.from([0, 159, 146, 150]).toString("base64") },
        }),
        entry("GET", `${BASE}/projects/77.json`, 200, { id: 77, title: "Older", echo: KEY }),
        entry("GET", `${BASE}/projects.json?api_key=${QUERY_KEY}`, 200, []),
        1,
        { request: {} },
      ],
    },
  };
  const path = file("mixed.har", JSON.stringify(har));

  it("counts other hosts and unreadable entries, judges a binary body by its status, sends nothing", async () => {
    const fetched = vi.spyOn(globalThis, "fetch");
    const { code, out, run } = await judged(["--from-har", path]).finally(() => fetched.mockRestore());
    expect(fetched).not.toHaveBeenCalled();
    expect(out.split("\n")[0]).toMatch(
      /^@project-collaboration\/contract \S+: judging a HAR file \(6 entries\) as traffic to https:\/\/pcs\.example\/public\/api — .*sends no request/,
    );
    expect(out).toMatch(/Traffic: 6 exchanges; 2 judged; 2 to other hosts or paths \(skipped\)/);
    expect(out).toMatch(/2 entries that are not a request with its answer/);
    expect(out).toMatch(/1 about a project made before the recording began/);
    expect(out).toMatch(/1 a credential in the query, not the interface's/);
    expect(out).toMatch(/Requests sent by the checker: 0/);
    expect(run?.requests).toBe(0);
    // The create is judged and passes; the read's body is not JSON (binary), which the interface refuses.
    expect(run?.results.some((r) => r.status === "passed" && r.operation === "createProject")).toBe(true);
    expect(code).toBe(1);
  });

  it("no credential or cookie reaches any output, in any form", async () => {
    const reports = { json: join(dir, "r.json"), junit: join(dir, "r.xml"), har: join(dir, "r.har") };
    const { out, err } = await judged(["--from-har", path, "--json", reports.json, "--junit", reports.junit, "--har", reports.har]);
    const texts = [out, err, ...Object.values(reports).map((p) => readFileSync(p, "utf8"))];
    const forms = [KEY, COOKIE, QUERY_KEY, Buffer.from(`${KEY}:`).toString("base64"), KEY.toUpperCase()];
    for (const text of texts) for (const form of forms) expect(text).not.toContain(form);
    expect(readFileSync(reports.har, "utf8")).toContain("[REDACTED]");
  });
});
