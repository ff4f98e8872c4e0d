// Progress while a run is under way, on standard error, so a person can tell a slow server from a hung
// checker (issue 59). On a terminal: one line, redrawn in place (`\r`, then ESC[K to clear what is left
// of the previous one) at most ten times a second, and cleared before anything else is written. In CI, a
// pipe or a file, or on a terminal that says it cannot move the cursor (TERM=dumb): no control sequence
// at all, only one short plain line every PLAIN_EVERY_MS of a long run. NO_COLOR asks for no colour and
// the line has none, so it does not turn the line off (as in cargo and vitest). The line is the checker's
// own words around the titles of its checks; it is redacted and escaped all the same (safeCiText), as
// everything the checker prints is.
import { safeCiText } from "@project-collaboration/api";
import type { Redact } from "../transport/redact.js";

/** What a run shows of itself while it runs (runContract's `watch`): read whenever a line is drawn. */
export interface LiveStatus {
  /** What is being checked now: the title of the check begun last, or the model's scenarios. */
  readonly checking: string;
  readonly checksEnded: number;
  readonly checks: number;
  readonly requests: number;
  /** Checks failed so far that fail the run at its level (before their re-try). */
  readonly failures: number;
  /** When --max-time ends the run (epoch milliseconds). */
  readonly deadline: number;
}

/** The stream the line is written to: standard error, or a test's stand-in for it. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Progress {
  /** Starts showing the run's status, every text of it through the run's redaction. */
  start(status: LiveStatus, redact: Redact): void;
  /** Clears the line on a terminal, so that the next output starts at the line's beginning. */
  clear(): void;
  /** Clears the line and shows nothing more. */
  stop(): void;
}

/** Redraws of the line on a terminal: at most ten a second. */
export const REDRAW_EVERY_MS = 100;
/** A plain line in CI or a pipe: one every 15 s of a run (a shorter run prints none). */
export const PLAIN_EVERY_MS = 15_000;
/** The line's width where the terminal does not say its own. */
const DEFAULT_COLUMNS = 80;
const CLEAR_LINE = "\r\x1b[K";

/** Whether `stream` is a terminal that can redraw a line: a TTY, not in CI, not TERM=dumb. */
export function redrawsInPlace(stream: ProgressStream, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && env.TERM !== "dumb" && !env.CI;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The status as words: what is checked comes last, so a narrow terminal cuts that and keeps the counts.
 * A title's level tag ("[documented] ", "[assumption: …] ") is left out: the report says it. */
export function statusLine(status: LiveStatus, now: number): string {
  const left = Math.max(0, Math.ceil((status.deadline - now) / 1000));
  const what = status.checking.replace(/^\[[^\]]*\]\s*/, "");
  return (
    `checks ${status.checksEnded}/${status.checks} · ${plural(status.requests, "request")} · ${status.failures} failed · ` +
    `${left} s left · ${what}`
  );
}

/** `text` cut to `width` characters (code units: the line is the checker's own, mostly ASCII). */
const cut = (text: string, width: number) => (text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`);

export function progressLine(stream: ProgressStream, env: NodeJS.ProcessEnv, clock: () => number = Date.now): Progress {
  const inPlace = redrawsInPlace(stream, env);
  let timer: NodeJS.Timeout | undefined;
  let shown = "";
  const clear = () => {
    if (!shown) return;
    stream.write(CLEAR_LINE);
    shown = "";
  };
  return {
    start(status, redact) {
      if (timer) return;
      const text = () => safeCiText(redact(statusLine(status, clock())));
      const draw = inPlace
        ? () => {
            // One column less than the terminal's width: a line that fills it wraps on some terminals.
            const line = cut(text(), (stream.columns || DEFAULT_COLUMNS) - 1);
            if (line === shown) return;
            stream.write(`${CLEAR_LINE}${line}`);
            shown = line;
          }
        : // In a log, a line says whose it is.
          () => stream.write(`pcs-contract: ${cut(text(), 200)}\n`);
      timer = setInterval(draw, inPlace ? REDRAW_EVERY_MS : PLAIN_EVERY_MS);
      // The run's own work keeps the process alive; the line never does.
      timer.unref();
    },
    clear: () => {
      if (inPlace) clear();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      if (inPlace) clear();
    },
  };
}
