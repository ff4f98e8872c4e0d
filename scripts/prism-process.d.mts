// Types of prism-process.mjs, for the TypeScript tests.
export interface PrismProcessOptions {
  mode: "mock" | "proxy";
  /** The description to serve; a private snapshot of it is served. */
  document: string;
  /** Changes the snapshot (e.g. drops `security`). */
  transform?: (description: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped JSON
  /** Arguments after the document: e.g. ["--errors"], or [upstreamUrl, "--errors"] for a proxy. */
  args?: string[];
  host?: string;
  /** Default: a free one (the start is retried on another if it was taken meanwhile). */
  port?: number;
  verboseLevel?: string;
  stdio?: "pipe" | "inherit";
  /** The readiness request (default GET /groups.json, no headers). */
  probe?: { path?: string; headers?: Record<string, string> };
  /** Whether an answer to the probe means Prism is ready (default: any answer). */
  ready?: (response: Response, body: string) => boolean;
}

export interface PrismProcess {
  url: string;
  pid: number;
  /** The last lines Prism printed (with stdio "pipe"). */
  output(): string;
  /** Resolves with Prism's exit code or signal if it exits. */
  exited: Promise<number | string>;
  /** Stops Prism's whole process group and removes the snapshot. */
  stop(): Promise<void>;
}

export function startPrismProcess(options: PrismProcessOptions): Promise<PrismProcess>;
export function freePort(host?: string): Promise<number>;
