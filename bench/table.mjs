// The one results table (GitHub markdown, readable in a terminal too): one column per contender,
// one row per measure, the goal and whether it was met on the rows that have one.
const columns = ["ours", "openapi-fetch", "fetch", "peer"];

const int = (n) => (n === undefined ? "n/a" : Math.round(n).toLocaleString("en-US"));
const fixed =
  (digits, unit = "") =>
  (n) =>
    n === undefined ? "n/a" : `${n.toFixed(digits)}${unit}`;
const kB = (bytes) => (bytes === undefined ? "n/a" : `${(bytes / 1024).toFixed(2)} kB`);
const verdict = (goals, id) => {
  const g = goals.find((x) => x.id === id);
  return g ? `${g.met === "met" ? "✅ met" : g.met === "missed" ? "❌ missed" : "? unknown"}` : "";
};

export function resultsTable({ labels, requests, typecheck, size, docs, build, test }, goals) {
  const rows = [];
  const row = (measure, values, goalText = "", goalIds = []) =>
    rows.push([measure, ...columns.map((c) => values[c] ?? ""), goalText, goalIds.map((id) => verdict(goals, id)).join(", ")]);
  const per = (pick, format) => Object.fromEntries(columns.map((c) => [c, pick(c) === null ? "—" : format(pick(c))]));

  if (requests) {
    const r = (c) => requests.results[c];
    row(
      "Requests/s (median of rounds)",
      per((c) => r(c)?.reqPerSec, int),
    );
    row(
      "… ratio to plain fetch",
      per((c) => r(c)?.vsFetch, fixed(3, "×")),
    );
    row(
      "… ratio to raw openapi-fetch",
      per((c) => r(c)?.vsOpenapiFetch, fixed(3, "×")),
    );
    row(
      "CPU per request, client + server (µs)",
      per((c) => r(c)?.cpuMicrosPerReq, int),
    );
    row(
      "… CPU ratio to raw openapi-fetch",
      per((c) => r(c)?.cpuVsOpenapiFetch, fixed(3, "×")),
      "ours ≤ 1.05×, < peer",
      ["overhead-vs-openapi-fetch", "overhead-vs-peer"],
    );
  }
  if (typecheck) {
    // The plain-fetch column is the baseline consumer: TypeScript's own libs, no client.
    const t = (c) => typecheck[c === "fetch" ? "baseline" : c];
    row(
      "Type-check: instantiations",
      per((c) => t(c)?.instantiations, int),
      "ours < peer",
      ["instantiations"],
    );
    row(
      "Type-check: check time",
      per((c) => t(c)?.checkSeconds, fixed(2, " s")),
      "ours < peer",
      ["check-time"],
    );
    row(
      "Type-check: tsc total time",
      per((c) => t(c)?.totalSeconds, fixed(2, " s")),
    );
    row(
      "Type-check: memory",
      per((c) => t(c)?.memoryMB, fixed(0, " MB")),
    );
    const compiled = typecheck["peer-compiled"];
    row("… peer compiled to .d.ts first: instantiations / check time", {
      peer: `${int(compiled.instantiations)} / ${fixed(2, " s")(compiled.checkSeconds)}`,
    });
  }
  if (size) {
    const s = (c) => (c === "fetch" ? null : size[c]);
    row(
      "Shipped client, minified",
      per((c) => (s(c) === null ? null : s(c)?.minBytes), kB),
    );
    row(
      "Shipped client, min+gzip",
      per((c) => (s(c) === null ? null : s(c)?.minGzipBytes), kB),
      "ours < 8 kB",
      ["shipped-size"],
    );
    row(
      "npm tarball (packed / unpacked)",
      per(
        (c) => (s(c) === null ? null : s(c)?.pack),
        (p) => (p ? `${kB(p.tarballBytes)} / ${kB(p.unpackedBytes)}` : "n/a"),
      ),
    );
    row(
      "… unpacked code and types only (no description, no README)",
      per(
        (c) => (s(c) === null ? null : s(c)?.pack),
        (p) => (p ? kB(p.codeBytes) : "n/a"),
      ),
    );
    row(
      "… with runtime dependencies",
      per(
        (c) => (s(c) === null ? null : s(c)?.packWithDependencies),
        (p) => (p ? `${kB(p.tarballBytes)} / ${kB(p.unpackedBytes)}` : "n/a"),
      ),
    );
  }
  if (docs && !docs.missing) {
    // The rendered reference beside Redoc's floor (the same Redocly build of a one-operation description).
    const pair = (ours, floor, ratio, format) => ({ ours: `${format(ours)} (floor ${format(floor)}, ${ratio.toFixed(2)}×)` });
    row(
      `Docs: first contentful paint, median of ${docs.loads} cold loads from file://`,
      pair(docs.ours.fcpMs, docs.floor.fcpMs, docs.ratios.fcp, (v) => `${Math.round(v)} ms`),
      "≤ 1.25× floor",
      ["docs-fcp"],
    );
    row("… elements once the title is rendered", pair(docs.ours.elements, docs.floor.elements, docs.ratios.elements, int));
    row(
      "… page weight (one self-contained file)",
      pair(docs.ours.bytes, docs.floor.bytes, docs.ratios.bytes, (v) => `${(v / 1024).toFixed(0)} kB`),
    );
  }
  if (build) {
    // scripts/build/build.mjs runs independent steps side by side, so step times may add up to more than the wall time.
    const stepSum = build.steps.reduce((sum, { seconds }) => sum + seconds, 0);
    const overlap = stepSum > build.wallSeconds * 1.1 ? ` (steps overlap: ${stepSum.toFixed(1)} s of steps)` : "";
    row(`\`npm run build\` wall time${overlap}`, { ours: `${build.wallSeconds.toFixed(1)} s` }, "< 15 s", ["build-time"]);
    for (const { step, seconds } of build.steps) row(`… step \`${step}\``, { ours: `${seconds.toFixed(1)} s` });
  }
  if (test) {
    row(`\`npm test\` wall time (${test.passed} passed, ${test.failed} failed)`, { ours: `${test.wallSeconds.toFixed(1)} s` }, "< 60 s", [
      "test-time",
    ]);
    if (test.phases) row(`… vitest phases (summed over workers): ${test.phases}`, {});
    // Files under half a second are summed into one row, so the slow ones stand out.
    const slow = test.files.filter((f) => f.seconds >= 0.5);
    const quick = test.files.filter((f) => f.seconds < 0.5);
    for (const { file, seconds, tests } of slow) row(`… \`${file}\` (${tests} tests)`, { ours: `${seconds.toFixed(1)} s` });
    if (quick.length) {
      const total = quick.reduce((sum, f) => sum + f.seconds, 0);
      row(`… ${quick.length} other files, each < 0.5 s (${quick.reduce((n, f) => n + f.tests, 0)} tests)`, {
        ours: `${total.toFixed(1)} s`,
      });
    }
  }

  const header = ["Measure", ...columns.map((c) => labels[c]), "Goal", "Result"];
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
