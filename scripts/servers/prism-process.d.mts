// Types of prism-process.mjs, for the TypeScript tests.
export interface PrismProcessOptions {
  mode: "mock" | "proxy";
  /** The description to serve; a private snapshot of it is served. */
  document: string;
  /** Changes the snapshot (e.g. drops `security`). */
  transform?: (description: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped JSON
  /** Arguments after the document: e.g. ["--errors"], or [upstreamUrl, "--errors"] for a proxy. */
  args?: string[];
  /** Where the guard in front of Prism listens (default 127.0.0.1); Prism itself is on a private loopback port. */
  host?: string;
  /** The guard's port (default 0: a free one). A port that cannot be listened on rejects with the listen error. */
  port?: number;
  verboseLevel?: string;
  stdio?: "pipe" | "inherit";
  /** The readiness request (default GET /groups.json, no headers). */
  probe?: { path?: string; headers?: Record<string, string> };
  /** Whether an answer to the probe means Prism is ready (default: any answer). */
  ready?: (response: Response, body: string) => boolean;
  /** Another server for a path (sent there by the guard instead of to Prism). */
  bypass?: (path: string) => string | undefined;
  /** How long Prism may take to start answering a request before the guard answers 504 (default 30 s). */
  timeoutMs?: number;
  /** Called when Prism exited on its own and is being started again. */
  onRestart?: (how: number | string) => void;
  /** Told the status of every answer the guard sent. */
  onAnswered?: (status: number) => void;
}

export interface PrismProcess {
  /** The guard's URL, where clients connect. */
  url: string;
  /** The path the description's server is under ("/public/api"), where the guard serves it too ("" for none). */
  basePath: string;
  /** The process id of the Prism running now. */
  pid: number;
  /** The last lines Prism printed (with stdio "pipe"). */
  output(): string;
  /** Resolves with Prism's exit code or signal once it has died too often to be restarted. */
  exited: Promise<number | string>;
  /** Stops Prism's whole process group and removes the snapshot. */
  stop(): Promise<void>;
}

export function startPrismProcess(options: PrismProcessOptions): Promise<PrismProcess>;
export declare const PRISM_LOG_LEVELS: readonly string[];
/** How a Prism someone stopped ends (not restarted: the server stops). */
export declare const STOP_SIGNALS: readonly string[];
export function freePort(host?: string): Promise<number>;
export function stopWhenEnded(
  name: string,
  server: { exited: Promise<number | string>; stop(): Promise<void> },
  ownerGone: Promise<unknown>,
  farewell?: () => string,
): Promise<never>;
