import { it } from "vitest";
import { har } from "../../contract/src/reports/files.js";
import { findings } from "../../contract/src/index.js";
import { parseHar } from "../../contract/src/traffic/har.js";
import { TrafficJudge } from "../../contract/src/traffic/judge-traffic.js";
import { growingRedact } from "../../contract/src/traffic/secrets.js";
import { standInRun } from "../support/stand-in/run.js";

it("explore", async () => {
  const defect = process.env.DEFECT || undefined;
  const { run } = await standInRun({ writes: true, otherKey: true, ...(defect && { defect }) });
  const content = parseHar(har(run));
  const redact = growingRedact(content.secrets);
  const judge = new TrafficJudge({ baseUrl: run.target.baseUrl, level: "documented", redact });
  await judge.judgeAll(content.entries);
  const results = judge.results();
  const failed = results.filter((r) => r.status === "failed" && r.entries.length === 0);
  console.log("live failures:", findings(run).failures.map((r) => `${r.id}`).join("\n  "));
  console.log("traffic counts", judge.counts, "asked", judge.asked, "results", results.length);
  for (const r of failed) console.log("TRAFFIC FAIL", r.id, "\n   ", (r.reason ?? "").slice(0, 400));
});
it("dump", async () => {
  const { run } = await standInRun({ writes: true, otherKey: true });
  const content = parseHar(har(run));
  const ids = new Set((process.env.IDS ?? "").split(","));
  for (const { exchange: e } of content.entries) {
    const m = /projects\/(\d+)/.exec(e.url)?.[1] ?? /"id":(\d+)/.exec(e.responseText)?.[1];
    if (m && ids.has(String(Number(m) - 700000)))
      console.log(e.started, e.ms, e.method, e.url.slice(22), e.requestHeaders.authorization, e.requestBody?.slice(0, 80), "→", e.status, e.responseHeaders.date, e.responseText.slice(0, 160));
  }
});
