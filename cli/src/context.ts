import type { Connection } from "./connection.js";

/** What main() knows when something fails: the command, its flags, where it was sending. */
export interface Context {
  command?: string;
  flags?: string[];
  connection?: Connection;
}
