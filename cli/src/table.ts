// The command table, written by the build from the description (scripts/build/cli-commands.mjs): one command
// per operation, with its parameters, body fields, limits and whether it destroys something.
import { readFileSync } from "node:fs";

export interface Value {
  type: string;
  minimum?: number;
  maximum?: number;
  /** The description's default (what the service uses when the flag is not given). */
  default?: unknown;
  /** The limits and default, in words, for --help. */
  rules: string;
  description: string;
}
export interface Positional extends Value {
  name: string;
}
export interface QueryFlag extends Value {
  flag: string;
  name: string;
}
export interface BodyFlag extends Value {
  flag: string;
  /** Where the value goes in the body: ["address", "country"]. */
  pointer: string[];
  required: boolean;
}
export interface Command {
  /** "projects list". */
  name: string;
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  positionals: Positional[];
  query: QueryFlag[];
  body?: { required: boolean; rules: string; flags: BodyFlag[] };
  success: number;
  paginated: boolean;
  destructive: boolean;
}

let table: { version: string; commands: Command[] } | undefined;
/** dist/commands.json, beside the compiled code (the path also works from src/, for the tests). */
export function commandTable(): { version: string; commands: Command[] } {
  table ??= JSON.parse(readFileSync(new URL("../dist/commands.json", import.meta.url), "utf8"));
  return table!;
}
