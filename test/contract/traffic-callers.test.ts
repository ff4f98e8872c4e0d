// Who sent a recorded request, as judging traffic tells it (contract/src/traffic/): never by the raw
// Authorization header. A credential a recording redacted names no one ("Basic [REDACTED]" may stand for
// several keys, some served and some refused: the key-elsewhere stand-in's HAR holds four such), so its
// exchanges are not judged; one key spelled two ways (the scheme's case, spaces, base64 padding) is one
// caller, as a server that decodes it sees it.
import { describe, expect, it } from "vitest";
import { entry, failures, judged, project, TOKEN } from "../support/har-entries.js";

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
