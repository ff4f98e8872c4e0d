// What an `execute` call answers: the program's result and its log lines, bounded and marked untrusted
// like every result (they are made of the service's data); why it failed or was refused; how many
// requests it sent. The server's own words — a request it refused and what to do about it, a limit the
// program ran into — stand outside the markers, where the agent may act on them; inside only what the
// program produced: its result, its logs, and an error it threw (which may quote the service).
import type { CallToolResult } from "@modelcontextprotocol/server";
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

/** What ended the program (an outcome's message, and the line of a thrown error), the requests it sent,
 * and the reasons the server refused some (the bridge's, each once). */
export interface Run {
  outcome: Outcome;
  logs: Logs;
  sent: number;
  refusals: readonly string[];
  /** The program's line a thrown error was thrown at. */
  line?: number;
}

export function executeAnswer({ outcome, logs, sent, refusals, line }: Run): CallToolResult {
  const logLines = logs.kept();
  const at = line === undefined ? "" : ` (line ${line})`;
  if (!outcome.ok) {
    // A thrown error that is one of the server's refusals, word for word, is the server's to state.
    const refused = outcome.reason === "thrown" ? refusals.find((reason) => outcome.message === `Error: ${reason}`) : undefined;
    const why =
      outcome.reason !== "thrown"
        ? `: ${outcome.message}`
        : refused !== undefined
          ? `: the server refused one of its requests${at}: ${refused}`
          : "";
    const others = refusals.filter((reason) => reason !== refused);
    // The program's own output, if it has any: the error it threw (unless the server's), its logs.
    const error = outcome.reason === "thrown" && refused === undefined ? `${outcome.message}${at}` : undefined;
    const marked = error !== undefined || logLines.length ? safeJson({ ...(error !== undefined && { error }), logs: logLines }) : undefined;
    return textResult(
      [
        stop(`The program failed after sending ${requests(sent)}${sent ? " (what they changed stays changed)" : ""}${why}`),
        ...(others.length ? [refusedLine(others)] : []),
        ...(marked !== undefined ? [untrusted("execute", marked)] : []),
      ].join("\n"),
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
    ...textResult(
      [`${untrusted("execute", json)}`, `The program sent ${requests(sent)}.`, ...(refusals.length ? [refusedLine(refusals)] : [])].join(
        "\n",
      ),
    ),
    structuredContent: { result, logs: logLines, requests: sent },
  };
}

/** The text with a full stop at its end, once. */
const stop = (text: string) => (text.endsWith(".") ? text : `${text}.`);

const refusedLine = (reasons: readonly string[]) => `The server refused some of its requests: ${reasons.map(stop).join(" ")}`;
