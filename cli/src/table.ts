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
  /** `choice`: for a body that is one of several shapes, which flags make each ("Exactly one of --user or --email…"). */
  body?: { required: boolean; rules: string; choice?: string; flags: BodyFlag[] };
  /** Who may call it, one line per rule, each saying what it rests on (the service's words or an assumption). */
  who: string[];
  /** Where each id it takes comes from ("project_id (path): … From listProjects, createProject."). */
  ids: string[];
  /** Each status it answers and what causes it ("404: No project with this id, …"). */
  statuses: string[];
  success: number;
  paginated: boolean;
  destructive: boolean;
}

/** The words pcs takes first, besides the resources of the command table. */
export const OWN_WORDS = ["api", "sandbox", "completion"] as const;

let table: { version: string; commands: Command[] } | undefined;
/** dist/commands.json, beside the compiled code (the path also works from src/, for the tests). */
export function commandTable(): { version: string; commands: Command[] } {
  table ??= JSON.parse(readFileSync(new URL("../dist/commands.json", import.meta.url), "utf8"));
  return table!;
}
