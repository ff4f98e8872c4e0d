// Answers a faithful server may give that judging traffic once failed (found by judging the HAR of a
// live run against each faithful variant, npm run mutation:traffic): 304 to a conditional read, 400 to
// a query parameter the operation does not take, and a `modified` stamped when a slowly answered update
// arrived (the clock-behind variant, on a busy machine), and one stamped by a clock a second behind
// after writes at once to one project, no read between them; a page that met a deletion in one millisecond.
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

describe("writes at once to one project, by a server whose clock is a second behind", () => {
  it("the `modified` a read then shows is judged against the server's clock, not the model's stamp of the first write", async () => {
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 28, 13, 0, 0) + ms).toISOString();
    const behind = (ms: number) => `${at(ms - 1_000).slice(0, 19)}+00:00`;
    const create = entry("POST", "/projects.json", AUTH, 201, { ...project, created: behind(500) }, { name: "Launch" });
    create.startedDateTime = at(500);
    // Both sent at the same moment (1.5 s); the server took them within it, stamping 0.5 s.
    const first = entry("PATCH", "/projects/4100.json", AUTH, 204, undefined, { name: "Launch A" });
    const second = entry("PATCH", "/projects/4100.json", AUTH, 204, undefined, { description: "written at once" });
    first.startedDateTime = second.startedDateTime = at(1_500);
    first.time = 10;
    second.time = 20;
    const read = entry("GET", "/projects/4100.json", AUTH, 200, {
      ...project,
      title: "Launch A",
      description: "written at once",
      created: behind(500),
      modified: behind(1_500),
    });
    read.startedDateTime = at(2_500);
    const judge = await judged([create, first, second, read]);
    expect(failures(judge).map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
    expect(judge.counts.judged).toBe(4);
  });
});

describe("a write and a read that meet in the same millisecond", () => {
  it("a page listing a project deleted in the millisecond the page was answered is not judged against the deletion", async () => {
    const create = entry("POST", "/projects.json", AUTH, 201, project, { name: "Launch" });
    const remove = entry("DELETE", "/projects/4100.json", AUTH, 204);
    const page = entry("GET", "/projects.json?offset=30&limit=30", AUTH, 200, [project]);
    // As recorded (times to the millisecond): the delete begun and ended (0 ms) in the one the page ended in.
    remove.time = 0;
    page.startedDateTime = new Date(Date.parse(remove.startedDateTime) - 6).toISOString();
    page.time = 6;
    const judge = await judged([create, remove, page]);
    expect(failures(judge).map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
  });

  it("a page begun a millisecond after the deletion ended still may not list it", async () => {
    const create = entry("POST", "/projects.json", AUTH, 201, project, { name: "Launch" });
    const remove = entry("DELETE", "/projects/4100.json", AUTH, 204);
    const page = entry("GET", "/projects.json?offset=30&limit=30", AUTH, 200, [project]);
    remove.time = 0;
    page.startedDateTime = new Date(Date.parse(remove.startedDateTime) + 1).toISOString();
    page.time = 6;
    const judge = await judged([create, remove, page]);
    expect(failures(judge).map((r) => r.reason)).toEqual([
      expect.stringContaining("the list holds project 4100, which the caller deleted"),
    ]);
  });
});

describe("whole updates of one project at once: the server took them in an order the recording does not show", () => {
  const raced = (shown: { title: string; description: string }) => {
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 28, 14, 0, 0) + ms).toISOString();
    const create = entry("POST", "/projects.json", AUTH, 201, { ...project, created: "2026-11-28T14:00:00+00:00" }, { name: "Launch" });
    create.startedDateTime = at(100);
    const a = entry("PATCH", "/projects/4100.json", AUTH, 204, undefined, { name: "race A", description: "by A" });
    const b = entry("PATCH", "/projects/4100.json", AUTH, 204, undefined, { name: "race B", description: "by B" });
    a.startedDateTime = b.startedDateTime = at(1_000);
    a.time = 5; // A's answer came first, yet the server may have taken it last
    b.time = 9;
    const read = entry("GET", "/projects/4100.json", AUTH, 200, {
      ...project,
      ...shown,
      created: "2026-11-28T14:00:00+00:00",
      modified: "2026-11-28T14:00:01+00:00",
    });
    read.startedDateTime = at(1_500);
    return judged([create, a, b, read]);
  };

  it("a read showing the one that answered first, whole, fails nothing", async () => {
    const judge = await raced({ title: "race A", description: "by A" });
    expect(failures(judge).map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
    expect(judge.counts.judged).toBe(4);
  });

  it("a read showing half of each, a state no order leaves, still fails", async () => {
    const judge = await raced({ title: "race A", description: "by B" });
    expect(failures(judge).map((r) => r.id)).toEqual(["model/getproject/its-creator/outcome"]);
  });
});
