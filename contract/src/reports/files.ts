// The reports for CI: JUnit XML (one test case per check, skipped ones with their reason, failures with
// their curl line), JSON (every check, coverage, the requests) and HAR (the traffic). Every credential
// is redacted (every form of every key the run sent, and URL user info) once, where the text leaves,
// so that nothing a server sent — a status text, a Location, a body — can carry a key out: each string
// of a JSON report as it is serialized (before JSON escapes it), the whole then made safe for a
// terminal; in the XML, each text as it goes in, before it is escaped (an escaped `&` would hide a key).
// Printed in a CI log (`cat report.xml`), no line of a report carries a workflow command a server sent:
// the JSON reports through safeJsonText (a `##[` inside a string written `#\u0023[`, the same JSON), the
// XML through safeCiText line by line. Each file is written beside its path and renamed over it
// (replace-file.ts): a symbolic link there is replaced, never written through.
import { safeCiText, safeJsonText } from "@project-collaboration/api";
import type { CheckResult } from "../runner/result.js";
import type { RunResult } from "./run-result.js";
import { keyOf } from "../runner/result.js";
import { coverage } from "./coverage.js";
import { statedRules } from "./stated-rules.js";
import { curlOf } from "./curl.js";
import { wrongKeyOf } from "../callers/credentials.js";
import { basicAuthorization } from "../transport/http.js";
import { replaceFile } from "./replace-file.js";
import { findings, verdict } from "./verdict.js";

/** XML 1.0 holds tab, newline, carriage return and everything from space on, but no other control
 * character and no lone surrogate (a body a server sent may hold any of them). */
const xmlChar = (char: string) => {
  const code = char.codePointAt(0)!;
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code !== 0xfffe && code !== 0xffff && !(code >= 0xd800 && code <= 0xdfff))
  );
};
const escapeXml = (text: string) =>
  [...text]
    .map((char) => (xmlChar(char) ? char : "\uFFFD"))
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** How a check shows in JUnit: a failure only when it fails the run; a failure the baseline accepts,
 * an assumption the server chose differently at the documented level and a check not checked are
 * skipped with their reason; an unstable check passed, with its first failure as a flakyFailure. */
export function junit(run: RunResult): string {
  /** A text in the XML: redacted, then escaped. */
  const xml = (text: string) => escapeXml(run.redact(text));
  const { failures, accepted, differences } = findings(run);
  const skippedBecause = new Map<CheckResult, string>([
    ...accepted.map((r): [CheckResult, string] => [
      r,
      `accepted by the baseline: ${run.baseline?.accepted.get(r.id)?.reason ?? ""} — ${r.reason ?? ""}`,
    ]),
    ...differences.map((r): [CheckResult, string] => [
      r,
      `the server chose differently from the assumption ${r.entries.join(", ")} (not failed at --level documented): ${r.reason ?? ""}`,
    ]),
  ]);
  const cases = run.results.map((r) => {
    const head = `    <testcase classname="${xml(r.group)}" name="${xml(r.title)}" time="${(r.ms / 1000).toFixed(3)}">`;
    const reason = run.redact(r.reason ?? "");
    const first = escapeXml(reason.split("\n")[0]!.slice(0, 500));
    // A curl line is redacted as it is made (before its words are quoted).
    const details = escapeXml(r.exchange ? `${reason}\n${curlOf(r.exchange, run.target, run.redact)}` : reason);
    if (r.status === "passed") return `${head}</testcase>`;
    if (r.status === "unstable") return `${head}\n      <flakyFailure message="${first}">${details}</flakyFailure>\n    </testcase>`;
    if (r.status === "not checked" || skippedBecause.has(r))
      return `${head}\n      <skipped message="${skippedBecause.has(r) ? xml(skippedBecause.get(r)!) : escapeXml(reason)}"/>\n    </testcase>`;
    return `${head}\n      <failure message="${first}">${details}</failure>\n    </testcase>`;
  });
  if (run.setupError) {
    const setupError = run.redact(run.setupError);
    cases.push(
      `    <testcase classname="set-up" name="set-up" time="${(run.ms / 1000).toFixed(3)}">\n      <failure message="${escapeXml(setupError.slice(0, 500))}">${escapeXml(setupError)}</failure>\n    </testcase>`,
    );
  }
  const tests = cases.length;
  const failed = failures.length + (run.setupError ? 1 : 0);
  const skipped = run.results.filter((r) => r.status === "not checked" || skippedBecause.has(r)).length;
  const xmlText = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="pcs-contract" tests="${tests}" failures="${failed}" skipped="${skipped}" time="${(run.ms / 1000).toFixed(3)}">`,
    `  <testsuite name="${xml(`contract of ${run.target.name} (level ${run.level})`)}" tests="${tests}" failures="${failed}" skipped="${skipped}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
  return safeCiText(xmlText, { multiline: true });
}

/** A JSON report as it leaves: each string redacted once as it is serialized (the reports' property
 * names are the checker's own), and the text made safe to print on a terminal. */
const leaving = (run: RunResult, value: unknown, indent: number) =>
  safeJsonText(JSON.stringify(value, (_, item) => (typeof item === "string" ? run.redact(item) : item), indent));

export function json(run: RunResult): string {
  const { code, line } = verdict(run);
  return leaving(
    run,
    {
      target: run.target.baseUrl,
      level: run.level,
      mode: run.target.allowWrites ? "writes" : "read-only",
      limits: run.limits,
      verdict: { exitCode: code, line },
      ...(run.endedBy && { endedBy: run.endedBy }),
      ...(run.setupError && { setupError: run.setupError }),
      ...(run.baseline && {
        baseline: {
          file: run.baseline.file,
          accepted: [...run.baseline.accepted.keys()],
          expired: run.baseline.expired.map((entry) => entry.id),
          failingDifferently: run.baseline.changed.map(({ entry, now }) => ({ id: entry.id, was: entry.signature ?? null, now })),
          ...(run.baseline.unsigned && { entriesWithoutSignature: true }),
          noLongerOccurring: run.baseline.gone.map((entry) => entry.id),
        },
      }),
      checks: run.results.map((r) => ({
        code: r.code,
        key: keyOf(r),
        id: r.id,
        kind: r.kind,
        title: r.title,
        level: r.entries.length ? "assumption" : "documented",
        assumptions: r.entries,
        operation: r.operation ?? null,
        status: r.status,
        reason: r.reason ?? null,
        request: r.exchange ? curlOf(r.exchange, run.target, run.redact) : null,
        ...(r.reproduction?.length && { reproduction: r.reproduction.map((e) => curlOf(e, run.target, run.redact)) }),
        ...(r.checkerError && { checkerError: run.redact(r.checkerError) }),
        ms: r.ms,
      })),
      coverage: coverage(run.results, run.target.baseUrl, run.exchanges),
      statedRules: statedRules(run),
      cleanUp: run.cleanUp,
      requests: run.exchanges.map((e) => ({
        method: e.method,
        url: e.url,
        status: e.status,
        attempts: e.attempts,
        ms: e.ms,
      })),
    },
    2,
  );
}

export function har(run: RunResult): string {
  const labels = keyLabels(run);
  const headers = (record: Record<string, string>) =>
    Object.entries(record).map(([name, value]) => ({
      name,
      value: name.toLowerCase() === "authorization" ? (labels.get(value) ?? value) : value,
    }));
  return leaving(
    run,
    {
      log: {
        version: "1.2",
        creator: { name: "@project-collaboration/contract", version: "1" },
        entries: run.exchanges.map((e) => ({
          startedDateTime: e.started,
          time: e.ms,
          request: {
            method: e.method,
            url: e.url,
            httpVersion: "HTTP/1.1",
            headers: headers(e.requestHeaders),
            queryString: [...new URL(e.url).searchParams].map(([name, value]) => ({ name, value })),
            cookies: [],
            headersSize: -1,
            bodySize: e.requestBody?.length ?? 0,
            ...(e.requestBody !== undefined && {
              postData: { mimeType: e.requestHeaders["content-type"] ?? "", text: e.requestBody },
            }),
          },
          response: {
            status: e.status,
            statusText: e.statusText,
            httpVersion: "HTTP/1.1",
            headers: headers(e.responseHeaders),
            cookies: [],
            content: { size: e.size, mimeType: e.responseHeaders["content-type"] ?? "", text: e.responseText },
            redirectURL: e.responseHeaders.location ?? "",
            headersSize: -1,
            bodySize: e.size,
          },
          cache: {},
          timings: { send: 0, wait: e.ms, receive: 0 },
        })),
      },
    },
    1,
  );
}

/** The run's own keys, named in its HAR by who they are rather than redacted alike: judging the HAR
 * later (contract/src/traffic/) tells its callers apart by them. A label holds nothing of a key. */
function keyLabels(run: RunResult): Map<string, string> {
  const { apiKey, otherApiKey } = run.target;
  const labels = new Map<string, string>();
  if (!apiKey) return labels;
  labels.set(basicAuthorization(apiKey), "[the run's key]");
  if (otherApiKey) labels.set(basicAuthorization(otherApiKey), "[the second key]");
  labels.set(basicAuthorization(wrongKeyOf(apiKey)), "[a key of no one]");
  return labels;
}

export function writeReports(run: RunResult, files: { junit?: string; json?: string; har?: string }): void {
  if (files.junit) replaceFile(files.junit, junit(run));
  if (files.json) replaceFile(files.json, json(run));
  if (files.har) replaceFile(files.har, har(run));
}
