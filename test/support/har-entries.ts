// Recorded traffic made by hand for the traffic judge's tests (contract/src/traffic/): HAR entries a
// second apart, a project body of the interface's shape, and the judge's verdict on them.
import { expect, vi } from "vitest";
import { parseHar } from "../../contract/src/traffic/har.js";
import { TrafficJudge } from "../../contract/src/traffic/judge-traffic.js";
import { growingRedact } from "../../contract/src/traffic/secrets.js";

export const BASE = "https://pcs.example/public/api";
export const KEY = "c4ller-key-5e1d";
export const TOKEN = Buffer.from(`${KEY}:`).toString("base64");

let clock = Date.UTC(2026, 10, 28, 12, 0, 0);
export function entry(method: string, path: string, authorization: string, status: number, body?: unknown, requestBody?: unknown) {
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

export const project = {
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

export async function judged(entries: object[]) {
  const content = parseHar(JSON.stringify({ log: { version: "1.2", entries } }));
  const judge = new TrafficJudge({ baseUrl: BASE, level: "documented", redact: growingRedact(content.secrets) });
  const fetched = vi.spyOn(globalThis, "fetch");
  await judge.judgeAll(content.entries).finally(() => fetched.mockRestore());
  // Judging a recording asks nothing of the network.
  expect(fetched).not.toHaveBeenCalled();
  return judge;
}

export const failures = (judge: TrafficJudge) => judge.results().filter((r) => r.status === "failed" && r.entries.length === 0);
