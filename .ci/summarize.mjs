// Prints the line CI reads, "N passed, N failed", from a vitest JSON report. A missing or empty report
// counts as a failure, so a run that tested nothing can never look green.
import { existsSync, readFileSync } from "node:fs";

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.log("0 passed, 1 failed");
  console.error(`summarize: no vitest report at ${file}`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, "utf8"));
const passed = report.numPassedTests ?? 0;
// Suites that failed to load have no tests; count each as a failure.
const failed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report);
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
if (skipped > 0) console.error(`summarize: ${skipped} tests skipped or todo`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(passed > 0 && failed === 0 ? 0 : 1);

function countSuitesWithFailedTests(r) {
  return (r.testResults ?? []).filter((s) => (s.assertionResults ?? []).some((a) => a.status === "failed")).length;
}
