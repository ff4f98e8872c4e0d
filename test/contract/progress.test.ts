// The checker shows its progress on a terminal and nothing of it elsewhere (issue 59, item 1): a real
// run of the command (the built-in sandbox's pagination checks, paced to last most of a second), on a pseudo-terminal
// and through pipes; then the line's own rules — ten redraws a second at most, a plain line every 15 s
// when the output is no terminal, untrusted text escaped — on a stream the test holds, with vitest's
// fake timers (no wall clock).
import { afterEach, describe, expect, it, vi } from "vitest";
import { PLAIN_EVERY_MS, progressLine, redrawsInPlace, type LiveStatus } from "../../contract/src/reports/progress.js";
import { repoRoot } from "../support/openapi.js";
import { runOnTerminal } from "../support/pseudo-terminal.js";
import { run } from "../support/run.js";

const COMMAND = [`${repoRoot}contract/bin/pcs-contract.js`, "--target", "sandbox", "--only", "pagination", "--rate", "100"];
/** The environment of a person's shell: no CI variable, a terminal that can move the cursor. */
const shell = (extra: NodeJS.ProcessEnv = {}) => {
  const { CI: _, GITHUB_ACTIONS: __, ...env } = process.env;
  return { ...env, TERM: "xterm-256color", ...extra };
};
const CLEAR = "\r\x1b[K";
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control sequences are what is looked for
const CONTROL = /[\x1b\r]/;

describe("a run of pcs-contract", () => {
  it("on a terminal: one line updated in place while it runs, cleared before the report", async () => {
    const { status, transcript } = await runOnTerminal(process.execPath, COMMAND, { env: shell() });
    expect(status, transcript).toBe(0);
    const redraws = transcript.split(CLEAR).slice(1);
    const lines = redraws.map((r) => r.split("\r\n")[0]!).filter((line) => line.startsWith("checks "));
    // What it checks, the requests sent, the failures and the time left, and the counts move.
    expect(lines[0]).toMatch(/^checks \d+\/\d+ · \d+ requests? · 0 failed · \d+ s left · \S/);
    expect(new Set(lines).size).toBeGreaterThan(1);
    expect(lines.some((line) => /pagination/.test(line))).toBe(true);
    // The report starts on a cleared line: nothing of the progress is left in front of its first line.
    const report = transcript.indexOf("Result: PASS");
    expect(transcript.lastIndexOf(CLEAR, report)).toBeGreaterThan(transcript.lastIndexOf("checks ", report) - 1);
    expect(transcript.slice(transcript.lastIndexOf(CLEAR, report) + CLEAR.length, report)).not.toMatch(/checks \d/);
    // Nothing after the report's last line: the line is not drawn again once the run has ended.
    expect(transcript.slice(transcript.lastIndexOf("PASS — ")).split(CLEAR)).toHaveLength(1);
  });

  it("through pipes (CI, `| tee`): no control sequence at all, the same report", async () => {
    const piped = await run(process.execPath, COMMAND, { env: shell() });
    expect(piped.status, piped.output).toBe(0);
    expect(piped.stdout).toMatch(/^Result: PASS/m);
    expect(piped.output).not.toMatch(CONTROL);
    expect(piped.stderr).toBe("");
  });

  it("on a terminal that cannot move the cursor (TERM=dumb): no control sequence either", async () => {
    const { status, transcript } = await runOnTerminal(process.execPath, COMMAND, { env: shell({ TERM: "dumb" }) });
    expect(status, transcript).toBe(0);
    // The terminal itself ends each line with \r\n; no other \r and no ESC (CI alike: redrawsInPlace below).
    expect(transcript.replaceAll("\r\n", "\n")).not.toMatch(CONTROL);
  });
});

describe("the progress line", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const status = (checking: string): LiveStatus & { requests: number } => ({
    checking,
    checksEnded: 3,
    checks: 10,
    requests: 0,
    failures: 1,
    deadline: 600_000,
  });
  const stream = (isTTY: boolean) => {
    const written: string[] = [];
    return { written, isTTY, columns: 120, write: (text: string) => written.push(text) };
  };

  it("is redrawn at most ten times a second, however often the run changes", () => {
    vi.useFakeTimers();
    const terminal = stream(true);
    const live = status("listProjects");
    const progress = progressLine(terminal, {}, () => 0);
    progress.start(live, (text) => text);
    for (let ms = 0; ms < 1000; ms++) {
      live.requests++; // a request every millisecond
      vi.advanceTimersByTime(1);
    }
    progress.stop();
    const draws = terminal.written.filter((text) => text.startsWith("\r\x1b[K") && text !== "\r\x1b[K");
    expect(draws.length).toBeGreaterThan(0);
    expect(draws.length, JSON.stringify(terminal.written)).toBeLessThanOrEqual(10);
    expect(terminal.written.at(-1)).toBe("\r\x1b[K");
  });

  it("is one plain line every 15 s when standard error is no terminal, none in a shorter run", () => {
    vi.useFakeTimers();
    const pipe = stream(false);
    const progress = progressLine(pipe, {}, () => 0);
    progress.start(status("listProjects"), (text) => text);
    vi.advanceTimersByTime(PLAIN_EVERY_MS - 1);
    expect(pipe.written).toEqual([]);
    vi.advanceTimersByTime(1);
    progress.stop();
    expect(pipe.written).toEqual(["pcs-contract: checks 3/10 · 0 requests · 1 failed · 600 s left · listProjects\n"]);
  });

  it("shows untrusted text escaped and redacted, never raw", () => {
    vi.useFakeTimers();
    const terminal = stream(true);
    const progress = progressLine(terminal, {}, () => 0);
    progress.start(status("title \x1b]0;owned\x07 with secret-key\n::add-mask::x"), (text) => text.replaceAll("secret-key", "[redacted]"));
    vi.advanceTimersByTime(100);
    progress.stop();
    const drawn = terminal.written[0]!.slice("\r\x1b[K".length);
    expect(drawn).toContain("\\u001b]0;owned\\u0007 with [redacted]\\n::add-mask::x");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may be left
    expect(drawn).not.toMatch(/[\x00-\x1f]/);
  });

  it("is drawn in place only on a terminal that can, outside CI", () => {
    expect(redrawsInPlace({ isTTY: true, write: () => {} }, { TERM: "xterm" })).toBe(true);
    expect(redrawsInPlace({ isTTY: true, write: () => {} }, { TERM: "xterm", NO_COLOR: "1" })).toBe(true);
    expect(redrawsInPlace({ isTTY: true, write: () => {} }, { TERM: "dumb" })).toBe(false);
    expect(redrawsInPlace({ isTTY: true, write: () => {} }, { CI: "true" })).toBe(false);
    expect(redrawsInPlace({ isTTY: false, write: () => {} }, {})).toBe(false);
  });
});
