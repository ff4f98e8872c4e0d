import { type Server } from "node:http";
import { type CorsOptions } from "./cors.js";
import type { Sandbox } from "./sandbox.js";
export { whenOwnerGone, type OwnerWatchOptions } from "./owner.js";
export interface ServeSandboxOptions {
    /** Default 127.0.0.1. */
    host?: string;
    /** 0 (the default): a free port. */
    port?: number;
    /** With a token, also POST /_sandbox/reset and GET /_sandbox/sent-emails (Authorization: Bearer <token>). */
    controlToken?: string;
    /** Which web pages may call it besides loopback origins (more origins; `Origin: null`). */
    cors?: CorsOptions;
}
export interface ServedSandbox {
    /** http://host:port — the sandbox answers any base path under it (e.g. /public/api). */
    url: string;
    port: number;
    close(): Promise<void>;
}
/** The control endpoints' paths: only these bypass Prism in `npm run sandbox`. */
export declare const CONTROL_PATHS: ReadonlySet<string>;
/** Answers what node:http refuses before any handler runs (an unknown method, headers over 16 KB, a
 * request too slow) with a problem too, instead of its bare status line; and CONNECT, a request for a
 * tunnel that node:http would otherwise answer by dropping the connection. */
export declare function answerClientErrors(server: Server): void;
/** Listens, then resolves to { url, port, close }; rejects with the listen error (EADDRINUSE…). */
export declare function listen(server: Server, port: number, host: string): Promise<ServedSandbox>;
/** Serves a sandbox (anything with a fetch(input, init) → Response) over HTTP. */
export declare function serveSandbox(sandbox: Pick<Sandbox, "fetch"> & Partial<Sandbox>, options?: ServeSandboxOptions): Promise<ServedSandbox>;
