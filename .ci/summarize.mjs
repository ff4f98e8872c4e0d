// Prints the line CI reads, "N passed, N failed", from one or more vitest JSON reports (one per Node.js
// line), summed. So that a broken run can never look green, each of these counts as one failure: a
// report that is missing, unreadable or holds zero tests; a test file that failed without a failed
// test (it did not load); a run vitest marked unsuccessful, or that exited non-zero (<report>.exit,
// written by .ci/run), with no failed test: an unhandled error or rejection, which vitest's JSON
// still calls a success. A skipped or todo test counts as a failure too, unless the suite was pointed at a real
// server (PCS_BASE_URL), where skipping the cases that need the mock is expected and reported.
import { readFileSync } from "node:fs";

const files = process.argv.slice(2);
if (files.length === 0) files.push("(none given)");
const skipsAllowed = Boolean(process.env.PCS_BASE_URL);
let passed = 0;
let failed = 0;
for (const file of files) {
  const report = readReport(file);
  if (!report) {
    failed += 1;
    continue;
  }
  const p = report.numPassedTests ?? 0;
  const failedTests = report.numFailedTests ?? 0;
  // numFailedTestSuites counts describe blocks as well as files; count files that failed on their own.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === "failed" && !(file.assertionResults ?? []).some((a) => a.status === "failed"),
  ).length;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  let f = failedTests + brokenFiles + (skipsAllowed ? 0 : skipped);
  const exit = exitCodeOf(file);
  if ((report.success === false || (exit !== undefined && exit !== 0)) && f === 0) {
    console.error(`summarize: ${file}: the run failed (exit ${exit ?? "unknown"}) with no failed test: an unhandled error?`);
    f = 1; // unhandled errors fail the run but no test
  }
  if (p + f === 0) f = 1; // a run that tested nothing
  for (const line of failedTestLines(report)) console.error(`summarize: ${file}: ${line}`);
  console.error(
    `summarize: ${file}: ${p} passed, ${failedTests} failed tests, ${brokenFiles} broken files, ${skipped} skipped${skipsAllowed ? " (allowed: PCS_BASE_URL)" : ""}`,
  );
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(passed > 0 && failed === 0 ? 0 : 1);

/**
 * One line per failed test (its file, its name and the first line of its first message) and the
 * message's next lines up to its stack, so that the end of CI's output, which is all a reader of a
 * failed run may see, names what failed and why.
 */
function failedTestLines(report) {
  const MESSAGE_LINES = 8; // a failure's lines printed past its first
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = String(file.name ?? "").replace(/^.*?\/(test|contract|mcp|cli)\//, "$1/");
    for (const test of file.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      // The message's lines up to its stack (a failure's own text often goes on past its first line).
      const message = String(test.failureMessages?.[0] ?? "").split("\n");
      const end = message.findIndex((line) => /^\s+at /.test(line));
      const [why = "", ...more] = message.slice(0, end < 0 ? undefined : end).filter((line) => line.trim());
      lines.push(`FAILED ${where} > ${test.fullName ?? test.title}: ${why.slice(0, 300)}`);
      for (const line of more.slice(0, MESSAGE_LINES)) lines.push(`  | ${line.slice(0, 300)}`);
      if (more.length > MESSAGE_LINES) lines.push(`  | … ${more.length - MESSAGE_LINES} more lines in the report`);
    }
  }
  return lines;
}

/** The exit code .ci/run wrote beside a report, if it wrote one. */
function exitCodeOf(file) {
  try {
    return Number(readFileSync(`${file}.exit`, "utf8").trim());
  } catch {
    return undefined;
  }
}

function readReport(file) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    if (report && typeof report === "object") return report;
    throw new Error("not an object");
  } catch (error) {
    console.error(`summarize: no readable vitest report at ${file}: ${error.message}`);
    return undefined;
  }
}
