// What an `execute` program sees, as the type checker is told it: the body of an async function whose
// parameters are the package's client and helpers, typed by the package's own declarations, and the
// few globals the isolate gives it (console; Response and Headers as the program's results carry
// them). ECMAScript's built-ins (lib es2023, what the QuickJS engine runs) and nothing of Node.js or of
// a browser: `process`, `require`, `fetch` are unknown names here, and absent in the isolate too
// (./isolate.ts), which is what keeps them out; the check only says so sooner.

/** The names in scope, in the order the program's function takes them. */
export const SCOPE_NAMES = ["client", "paginate", "collectAll", "unwrap"] as const;

/** The lines before the program: its line N is line N + PROGRAM_FIRST_LINE - 1 of the checked file. */
export const PROGRAM_HEADER = [
  `type Api = typeof import("@project-collaboration/api");`,
  `async function program(client: import("@project-collaboration/api").ApiClient, paginate: Api["paginate"], collectAll: Api["collectAll"], unwrap: Api["unwrap"]) {`,
].join("\n");
export const PROGRAM_FOOTER = "\n}\n";
export const PROGRAM_FIRST_LINE = PROGRAM_HEADER.split("\n").length + 1;

/**
 * The globals beside ES2023's. Response and Headers are what a call's `response` really is in the
 * isolate (status, ok, statusText, url, headers); the other web types are named by openapi-fetch's
 * declarations and left empty, so that an option a program cannot use does not type-check as `any`
 * (an unresolved RequestInit would make every call's options accept any property).
 */
export const PROGRAM_GLOBALS = `
interface Console {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
  debug(...values: unknown[]): void;
}
declare var console: Console;
interface Headers {
  get(name: string): string | null;
  has(name: string): boolean;
  forEach(callback: (value: string, name: string) => void): void;
}
interface Response {
  readonly status: number;
  readonly ok: boolean;
  readonly statusText: string;
  readonly url: string;
  readonly headers: Headers;
}
interface RequestInit {}
interface Request {}
interface AbortSignal {}
interface Blob {}
interface FormData {}
interface ReadableStream<R = unknown> {}
`;
