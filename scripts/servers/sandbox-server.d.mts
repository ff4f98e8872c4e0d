// Types of sandbox-server.mjs, for the TypeScript tests that start the HTTP sandbox.
import type { CorsOptions, Sandbox, SandboxOptions } from "../../generated/lib/sandbox/index.js";

export interface StartSandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** The port clients use (the proxy's, or the sandbox's with proxy: false); default a free one. */
  port?: number;
  /** Prism's validating proxy in front of the sandbox (default true). */
  proxy?: boolean;
  /** Options of the sandbox: seed, apiKeys, now, onError. */
  sandbox?: SandboxOptions;
  /** Prism's log level (default "error"). */
  verboseLevel?: string;
  /** Prism's stdout and stderr: "pipe" keeps them for output() (default), "inherit" prints them. */
  stdio?: "pipe" | "inherit";
  /** The description Prism checks answers against (default generated/openapi.json; a snapshot is served). */
  document?: string;
  /** The token of the test-control endpoints (default: a random one, in RunningSandbox.controlToken). */
  controlToken?: string;
  /** Called when Prism exited on its own and is being started again. */
  onRestart?: (how: number | string) => void;
  /** Told the status of every answer sent to a client (behind the proxy only). */
  onAnswered?: (status: number) => void;
  /** Which web pages may call it besides loopback origins and the reference opened from disk. */
  cors?: CorsOptions;
}

export interface RunningSandbox {
  /** Where clients send requests: the proxy (or the sandbox itself with proxy: false). */
  url: string;
  /** The sandbox's own node:http server, behind the proxy (always on 127.0.0.1). */
  upstreamUrl: string;
  /** `POST /_sandbox/reset` (204) and `GET /_sandbox/sent-emails`, for tests in other processes (vitest
   * workers), at `url`, need `Authorization: Bearer <controlToken>` and no Origin header. */
  controlToken: string;
  /** The sandbox's state: reset() it between tests, read sentEmails(). */
  sandbox: Sandbox;
  /** The last lines Prism printed (with stdio "pipe"). */
  output(): string;
  /** Resolves with Prism's exit code or signal if it exits. */
  exited: Promise<number | string>;
  /** Stops Prism (its whole process group) and the sandbox's server. */
  stop(): Promise<void>;
}

export function startSandbox(options?: StartSandboxOptions): Promise<RunningSandbox>;
export function serveSandbox(
  sandbox: Pick<Sandbox, "fetch"> & Partial<Sandbox>,
  options?: { host?: string; port?: number; controlToken?: string; cors?: CorsOptions },
): Promise<{ url: string; close(): Promise<void> }>;
export function freePort(host?: string): Promise<number>;
