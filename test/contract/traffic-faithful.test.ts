// Answers a faithful server may give that judging traffic once took for refusals of what the interface
// allows (found by judging the HAR of a live run against each faithful variant, npm run
// mutation:traffic): 304 to a conditional read, and 400 to a query parameter the operation does not take.
import { describe, expect, it } from "vitest";
import { entry, failures, judged, TOKEN } from "../support/har-entries.js";

const AUTH = `Basic ${TOKEN}`;

describe("a faithful server's answers are not refusals", () => {
  it("304 Not Modified to a conditional read", async () => {
    const conditional = entry("GET", "/projects.json", "[the run's key]", 304);
    conditional.request.headers.push({ name: "If-None-Match", value: '"v1"' });
    const judge = await judged([entry("GET", "/projects.json", "[the run's key]", 200, []), conditional]);
    expect(failures(judge).map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
  });

  it("400 to a query parameter the operation does not take", async () => {
    const judge = await judged([
      entry("GET", "/projects.json", AUTH, 200, []),
      entry("GET", "/projects.json?user_id=1001", AUTH, 400, { message: "unknown parameter user_id" }),
    ]);
    expect(failures(judge).map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
  });

  it("but 400 to the operation's own parameters, well formed, is still a refusal of what it allows", async () => {
    const judge = await judged([
      entry("GET", "/projects.json", AUTH, 200, []),
      entry("GET", "/projects.json?limit=5", AUTH, 400, { message: "no" }),
    ]);
    expect(failures(judge).map((r) => r.id)).toContain("model/listprojects/caller-1/outcome");
  });
});
