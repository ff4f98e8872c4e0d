// Who sent a recorded request, as judging traffic tells it (contract/src/traffic/): never by the raw
// Authorization header. A credential a recording redacted names no one ("Basic [REDACTED]" may stand for
// several keys, some served and some refused: the key-elsewhere stand-in's HAR holds four such), so its
// exchanges are not judged; one key spelled two ways (the scheme's case, spaces, base64 padding) is one
// caller, as a server that decodes it sees it.
import { describe, expect, it } from "vitest";
import { parseHar } from "../../contract/src/traffic/har.js";
import { TrafficJudge } from "../../contract/src/traffic/judge-traffic.js";
import { growingRedact } from "../../contract/src/traffic/secrets.js";

const BASE = "https://pcs.example/public/api";
const KEY = "c4ller-key-5e1d";
const TOKEN = Buffer.from(`${KEY}:`).toString("base64");

let clock = Date.UTC(2026, 10, 28, 12, 0, 0);
function entry(method: string, path: string, authorization: string, status: number, body?: unknown, requestBody?: unknown) {
  return {
    startedDateTime: new Date((clock += 1000)).toISOString(),
    time: 5,
    request: {
      method,
      url: `${BASE}${path}`,
      httpVersion: "HTTP/1.1",
      headers: [{ name: "Authorization", value: authorization }],
      ...(requestBody !== undefined && { postData: { mimeType: "application/json", text: JSON.stringify(requestBody) } }),
    },
    response: {
      status,
      statusText: "",
      headers: body === undefined ? [] : [{ name: "Content-Type", value: "application/json" }],
      content: { size: -1, mimeType: "application/json", text: body === undefined ? "" : JSON.stringify(body) },
    },
  };
}

const project = {
  id: 4100,
  title: "Launch",
  description: "",
  job_code: "",
  created: "2026-11-28T12:00:00+00:00",
  modified: null,
  created_by: "Dana Whitfield",
  ownership: "internal",
  num_comments: 0,
  _thumbnails: {
    small: { href: "https://img.example/s.png" },
    medium: { href: "https://img.example/m.png" },
    large: { href: "https://img.example/l.png" },
  },
};

async function judged(entries: object[]) {
  const content = parseHar(JSON.stringify({ log: { version: "1.2", entries } }));
  const judge = new TrafficJudge({ baseUrl: BASE, level: "documented", redact: growingRedact(content.secrets) });
  await judge.judgeAll(content.entries);
  expect(judge.asked).toBe(0);
  return judge;
}

const failures = (judge: TrafficJudge) => judge.results().filter((r) => r.status === "failed" && r.entries.length === 0);

describe("a redacted credential is no one's to judge", () => {
  for (const redacted of ["Basic [REDACTED]", "[REDACTED]", "Basic ***", "Bearer <redacted>"])
    it(`${redacted}: served, then refused, fails nothing`, async () => {
      const judge = await judged([
        entry("GET", "/projects.json?limit=1", redacted, 200, []),
        entry("GET", "/projects.json?limit=1", redacted, 401, { title: "Unauthorized", status: 401 }),
      ]);
      expect(failures(judge).map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
      expect([...judge.counts.notJudged.keys()].join("\n")).toMatch(/a credential the recording redacted/);
      expect(judge.counts.judged).toBe(0);
    });
});

describe("one key, however its header is spelled, is one caller", () => {
  for (const [how, spelled] of [
    ["the scheme in lower case", `basic ${TOKEN}`],
    ["spaces around the token", `Basic   ${TOKEN} `],
    ["base64 without its padding", `Basic ${TOKEN.replace(/=+$/, "")}`],
  ] as const)
    it(`${how}: reads the project the other spelling created`, async () => {
      const judge = await judged([
        entry("POST", "/projects.json", `Basic ${TOKEN}`, 201, project, { name: "Launch" }),
        entry("GET", "/projects/4100.json", spelled, 200, project),
      ]);
      expect(failures(judge).map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
      expect(judge.counts.judged).toBe(2);
    });
});
