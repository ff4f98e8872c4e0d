import type { Connection } from "./connection.js";
import type { BodyFlag } from "./table.js";

/** What main() knows when something fails: the command, its flags, where it was sending. */
export interface Context {
  command?: string;
  flags?: string[];
  /** The command's body flags, for what an unknown flag meant (suggest.ts, sentAs). */
  bodyFlags?: BodyFlag[];
  connection?: Connection;
}
