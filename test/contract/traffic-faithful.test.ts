// Answers a faithful server may give that judging traffic once failed (found by judging the HAR of a
// live run against each faithful variant, npm run mutation:traffic): 304 to a conditional read, 400 to
// a query parameter the operation does not take, and a `modified` stamped when a slowly answered update
// arrived (the clock-behind variant, on a busy machine).
import { describe, expect, it } from "vitest";
import { entry, failures, judged, project, TOKEN } from "../support/har-entries.js";

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

describe("a write's time is when its request began", () => {
  it("an update answered slowly (3 s): the server's `modified`, stamped on arrival, is not too early", async () => {
    const create = entry("POST", "/projects.json", AUTH, 201, undefined, { name: "Launch" });
    const stamp = (at: string) => `${at.slice(0, 19)}+00:00`;
    const created = { ...project, created: stamp(create.startedDateTime) };
    create.response.content.text = JSON.stringify(created);
    create.response.headers.push({ name: "Content-Type", value: "application/json" });
    const update = entry("PATCH", "/projects/4100.json", AUTH, 204, undefined, { description: "changed" });
    update.time = 3_000;
    const read = entry("GET", "/projects/4100.json", AUTH, 200, {
      ...created,
      description: "changed",
      modified: stamp(update.startedDateTime),
    });
    read.startedDateTime = new Date(Date.parse(update.startedDateTime) + 3_100).toISOString();
    const judge = await judged([create, update, read]);
    expect(failures(judge).map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
    expect(judge.counts.judged).toBe(3);
  });
});
