// What a command is given to talk through: its output streams and the terminal's questions (the
// process's own in cli.ts, a test's in cli/test).
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** stdout is a terminal: tables, and questions before destroying anything. */
  isTTY: boolean;
  /** The terminal's width in columns (tables are fitted to it). */
  columns?: number | undefined;
  /** Rewrites one line on stderr in place, when stderr is a terminal ("" clears it): a long `--all`
   * table says how far it is instead of staying silent until every page is read. */
  progress?: ((text: string) => void) | undefined;
  /** Asks on the terminal; resolves true only for yes. */
  confirm(question: string): Promise<boolean>;
  /** All of stdin (for --body -). */
  readStdin(): Promise<string>;
}
