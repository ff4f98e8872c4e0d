// What an operation of the sandbox gets, and what it answers; errors are thrown as ProblemError.
import type { RequestInput } from "../request-input.js";
import type { SeedUser } from "../seed.js";
import type { SandboxState } from "../state.js";

export interface Call {
  state: SandboxState;
  /** The account whose API key sent the request. */
  caller: SeedUser;
  /** Parameters and body, already valid against the description (see request-input.ts). */
  input: RequestInput;
  /** The current time as the description writes timestamps, e.g. "2024-03-18T09:41:27+00:00". */
  now(): string;
}

export type Reply = { status: 200 | 201; body: unknown } | { status: 204 };

export type Operation = (call: Call) => Reply;

/** A path parameter, already checked to be an id (a positive integer) by the description's schema. */
export const idParameter = (call: Call, name: string): number => call.input.path[name] as number;
