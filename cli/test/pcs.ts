// pcs called as a function (main), as the tests of cli/test/ do: its output collected, the terminal
// and the answer to its question chosen by the test.
import { main } from "../src/index.js";

export interface PcsRun {
  code: number;
  out: string;
  err: string;
  errLines: string[];
  /** The questions it asked. */
  asked: string[];
}

export interface PcsOptions {
  env?: NodeJS.ProcessEnv;
  /** On a terminal: tables, and a question before deleting. */
  isTTY?: boolean;
  columns?: number;
  /** The answer to every question. */
  answer?: boolean;
  /** Given when stderr is a terminal: collects each progress line (the run's `progress`). */
  progress?: string[];
}

export async function pcs(
  argv: string[],
  { env = {}, isTTY = false, columns, answer = false, progress }: PcsOptions = {},
): Promise<PcsRun> {
  const out: string[] = [];
  const err: string[] = [];
  const asked: string[] = [];
  const code = await main(argv, env, {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    isTTY,
    columns,
    progress: progress && ((text) => progress.push(text)),
    confirm: async (question) => (asked.push(question), answer),
    readStdin: async () => "",
  });
  return { code, out: out.join("\n"), err: err.join("\n"), errLines: err.flatMap((e) => e.split("\n")), asked };
}
