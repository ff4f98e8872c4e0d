// The reports for CI: JUnit XML (one test case per check, skipped ones with their reason, failures with
// their curl line), JSON (every check, coverage, the requests) and HAR (the traffic). Every credential
// is redacted: the keys, in clear or in a Basic token, and URL user info.
import { writeFileSync } from "node:fs";
import type { RunResult } from "../run.js";
import { coverage } from "./coverage.js";
import { curlOf } from "./curl.js";
import { verdict } from "./verdict.js";

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
const xml = (text: string) =>
  [...text]
    .map((char) => (xmlChar(char) ? char : "\uFFFD"))
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

export function junit(run: RunResult): string {
  const failures = run.results.filter((r) => r.status === "failed").length;
  const skipped = run.results.filter((r) => r.status === "not checked").length;
  const cases = run.results.map((r) => {
    const head = `    <testcase classname="${xml(r.group)}" name="${xml(r.title)}" time="${(r.ms / 1000).toFixed(3)}">`;
    if (r.status === "passed") return `${head}</testcase>`;
    if (r.status === "not checked") return `${head}\n      <skipped message="${xml(r.reason ?? "")}"/>\n    </testcase>`;
    const curl = r.exchange ? `\n${curlOf(r.exchange, run.target, run.redact)}` : "";
    return `${head}\n      <failure message="${xml((r.reason ?? "").split("\n")[0]!.slice(0, 500))}">${xml(`${r.reason ?? ""}${curl}`)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="pcs-contract" tests="${run.results.length}" failures="${failures}" skipped="${skipped}" time="${(run.ms / 1000).toFixed(3)}">`,
    `  <testsuite name="${xml(`contract of ${run.redact(run.target.name)} (level ${run.level})`)}" tests="${run.results.length}" failures="${failures}" skipped="${skipped}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

export function json(run: RunResult): string {
  const { code, line } = verdict(run);
  return JSON.stringify(
    {
      target: run.redact(run.target.baseUrl),
      level: run.level,
      mode: run.target.allowWrites ? "writes" : "read-only",
      limits: run.limits,
      verdict: { exitCode: code, line },
      checks: run.results.map((r) => ({
        id: r.id,
        title: r.title,
        level: r.entries.length ? "assumption" : "documented",
        assumptions: r.entries,
        operation: r.operation ?? null,
        status: r.status,
        reason: r.reason ? run.redact(r.reason) : null,
        request: r.exchange ? curlOf(r.exchange, run.target, run.redact) : null,
        ms: r.ms,
      })),
      coverage: coverage(run.results),
      cleanUp: run.cleanUp,
      requests: run.exchanges.map((e) => ({
        method: e.method,
        url: run.redact(e.url),
        status: e.status,
        attempts: e.attempts,
        ms: e.ms,
      })),
    },
    null,
    2,
  );
}

export function har(run: RunResult): string {
  const headers = (record: Record<string, string>) => Object.entries(record).map(([name, value]) => ({ name, value: run.redact(value) }));
  return JSON.stringify(
    {
      log: {
        version: "1.2",
        creator: { name: "@project-collaboration/contract", version: "1" },
        entries: run.exchanges.map((e) => ({
          startedDateTime: e.started,
          time: e.ms,
          request: {
            method: e.method,
            url: run.redact(e.url),
            httpVersion: "HTTP/1.1",
            headers: headers(e.requestHeaders),
            queryString: [...new URL(e.url).searchParams].map(([name, value]) => ({ name, value: run.redact(value) })),
            cookies: [],
            headersSize: -1,
            bodySize: e.requestBody?.length ?? 0,
            ...(e.requestBody !== undefined && {
              postData: { mimeType: e.requestHeaders["content-type"] ?? "", text: run.redact(e.requestBody) },
            }),
          },
          response: {
            status: e.status,
            statusText: e.statusText,
            httpVersion: "HTTP/1.1",
            headers: headers(e.responseHeaders),
            cookies: [],
            content: { size: e.responseText.length, mimeType: e.responseHeaders["content-type"] ?? "", text: run.redact(e.responseText) },
            redirectURL: e.responseHeaders.location ?? "",
            headersSize: -1,
            bodySize: e.responseText.length,
          },
          cache: {},
          timings: { send: 0, wait: e.ms, receive: 0 },
        })),
      },
    },
    null,
    1,
  );
}

export function writeReports(run: RunResult, files: { junit?: string; json?: string; har?: string }): void {
  if (files.junit) writeFileSync(files.junit, junit(run));
  if (files.json) writeFileSync(files.json, json(run));
  if (files.har) writeFileSync(files.har, har(run));
}
