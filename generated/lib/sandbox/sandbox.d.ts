import { ProblemError } from "./problem.js";
import type { SandboxSeed, SeedUser } from "./seed.js";
import { type SandboxLimits, SandboxState, type SentEmail } from "./state.js";
/** A base URL for a client of the in-process sandbox (its fetch): any works, requests never leave the
 * process; this one, under .invalid, could not reach anything if they did. */
export declare const SANDBOX_BASE_URL = "https://sandbox.invalid/public/api";
export interface SandboxOptions {
    /** The data to start with and to return to on reset() (default: exampleSeed(), the description's examples). */
    seed?: SandboxSeed;
    /** API key → id of the account it acts as (default DEFAULT_API_KEYS). Any other key gets 401. */
    apiKeys?: Readonly<Record<string, number>>;
    /** The clock for `created` and `modified` (default: the current time). */
    now?: () => Date;
    /** Called with what made the sandbox answer 500 (a bug of the sandbox), e.g. to fail a test with it. */
    onError?: (error: unknown) => void;
    /** What it keeps besides the seed, at most (default DEFAULT_LIMITS of state.ts). */
    limits?: SandboxLimits;
}
export interface Sandbox {
    /** A fetch function answering as the service would: pass it to createClient({ fetch }). Any base URL
     * works; requests never leave the process. */
    fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
    /** Back to the seed: everything created, changed or deleted since is forgotten. */
    reset(): void;
    /** The emails the service would have sent since the last reset (inviting by address sends one). */
    sentEmails(): readonly SentEmail[];
    /** Its data as it is now, as a seed: keep it (a file, say) and start a sandbox from it later. */
    snapshot(): SandboxSeed;
}
/** Methods the fetch API refuses to put in a Request (the sandbox still answers them: 405). */
export declare const FORBIDDEN_METHODS: ReadonlySet<string>;
/** What the sandbox answers, before it becomes a Response: a success, or a refusal with the headers it
 * carries. createSandbox renders it; the contract checker's model of a server reads it (the refusal's
 * `basis` says which stated rule or which assumption refused). */
export type Answer = {
    status: 200 | 201;
    body: unknown;
} | {
    status: 204;
} | {
    refused: ProblemError;
    headers?: Record<string, string>;
};
/**
 * The sandbox's answer to `request`, from `state`: route → credential (401) → input against the
 * description (400) → the operation (404, 403, 409, or its success). `identify` names the account of an
 * API key (undefined: no such key). A bug of the sandbox is thrown, not answered.
 */
export declare function answerRequest(state: SandboxState, request: Request, identify: (key: string | undefined) => SeedUser | undefined, now: () => string): Promise<Answer>;
export declare function createSandbox(options?: SandboxOptions): Sandbox;
