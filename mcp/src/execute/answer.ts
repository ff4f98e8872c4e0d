// What an `execute` call answers: the program's result and its log lines, bounded and marked untrusted
// like every result (they are made of the service's data); why it failed or was refused; how many
// requests it sent.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { MAX_RESULT_CHARS, safeJson, textResult, untrusted } from "../result.js";
import type { Outcome } from "./isolate.js";

/** The log lines kept: the rest are counted, not kept. */
const MAX_LOG_CHARS = 20_000;
const MAX_LOG_LINE_CHARS = 2_000;

export class Logs {
  readonly lines: string[] = [];
  private chars = 0;
  private dropped = 0;
  add(text: string): void {
    const line = text.length > MAX_LOG_LINE_CHARS ? `${text.slice(0, MAX_LOG_LINE_CHARS)}… (${text.length} characters)` : text;
    if (this.chars + line.length > MAX_LOG_CHARS) return void this.dropped++;
    this.chars += line.length;
    this.lines.push(line);
  }
  /** Lines left out before they reached the server. */
  leftOut(count: number): void {
    this.dropped += count;
  }
  /** The lines, and one more saying how many were left out. */
  kept(): string[] {
    return this.dropped ? [...this.lines, `… ${this.dropped} more log lines left out (${MAX_LOG_CHARS} characters kept)`] : this.lines;
  }
}

const requests = (sent: number) => `${sent} request${sent === 1 ? "" : "s"}`;

export function refusedAnswer(problems: readonly string[]): CallToolResult {
  return textResult(
    `The program was not run, and nothing was sent: TypeScript refused it.\n${problems.map((p) => `- ${p}`).join("\n")}`,
    true,
  );
}

export function executeAnswer(outcome: Outcome, logs: Logs, sent: number): CallToolResult {
  const logLines = logs.kept();
  if (!outcome.ok) {
    const why = safeJson({ error: outcome.message, logs: logLines });
    return textResult(
      `The program failed after sending ${requests(sent)}${sent ? " (what they changed stays changed)" : ""}.\n${untrusted("execute", why)}`,
      true,
    );
  }
  let result: unknown;
  try {
    result = outcome.json === undefined ? null : JSON.parse(outcome.json);
  } catch {
    return textResult(`The program's result is not JSON.`, true);
  }
  const json = safeJson({ result, logs: logLines });
  if (json.length > MAX_RESULT_CHARS)
    return textResult(
      `The program's result and logs have ${json.length} characters, more than the ${MAX_RESULT_CHARS} a result may hold; it was not returned (it sent ${requests(sent)}). Return less: count, filter, or pick the fields you need.`,
      true,
    );
  return {
    ...textResult(`${untrusted("execute", json)}\nThe program sent ${requests(sent)}.`),
    structuredContent: { result, logs: logLines, requests: sent },
  };
}
