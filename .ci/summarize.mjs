// Prints the line CI reads, "N passed, N failed", from one or more vitest JSON reports (one per Node.js
// line), summed. A missing or empty report counts as a failure, so a run that tested nothing can never
// look green.
import { existsSync, readFileSync } from "node:fs";

const files = process.argv.slice(2);
if (files.length === 0) files.push(undefined);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of files) {
  if (!file || !existsSync(file)) {
    failed += 1;
    console.error(`summarize: no vitest report at ${file}`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  const p = report.numPassedTests ?? 0;
  // Suites that failed to load have no tests; count each as a failure.
  const f = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report);
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (files.length > 1) console.error(`summarize: ${file}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ""}`);
  if (p === 0) failed += f === 0 ? 1 : 0; // a report of zero tests is a failure too
  passed += p;
  failed += f;
  skipped += s;
}
if (skipped > 0) console.error(`summarize: ${skipped} tests skipped or todo`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(passed > 0 && failed === 0 ? 0 : 1);

function countSuitesWithFailedTests(r) {
  return (r.testResults ?? []).filter((s) => (s.assertionResults ?? []).some((a) => a.status === "failed")).length;
}
