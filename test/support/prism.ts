// Starts Prism (mock or validating proxy) on a free port of 127.0.0.1, waits until it answers, and
// stops it with its whole process group — through scripts/servers/prism-process.mjs, the launcher `npm run
// sandbox` uses too. Used by the global setup (one mock for the whole run) and by the proxy test;
// nothing else should need to start one (see test/support/README.md).
import { freePort, startPrismProcess } from "../../scripts/servers/prism-process.mjs";
import { bundlePath } from "./openapi.js";

export { freePort };

export interface PrismOptions {
  /** The document to serve (default: the bundle); a snapshot of it is served, not the file itself. */
  document?: string;
  /** Arguments after the document: e.g. ["--errors"] for mock, or [upstreamUrl, "--errors"] for proxy. */
  args?: string[];
  /** Prism's own log level; "error" keeps the pipe quiet while still showing why a start failed. */
  verboseLevel?: string;
}

export interface RunningPrism {
  url: string;
  /** Prism's process now (a new one after the launcher restarted a Prism that died). */
  readonly pid: number;
  /** The last lines Prism printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export async function startPrism(mode: "mock" | "proxy", options: PrismOptions = {}): Promise<RunningPrism> {
  const prism = await startPrismProcess({
    mode,
    document: options.document ?? bundlePath,
    args: options.args,
    verboseLevel: options.verboseLevel,
    // The mock must answer a credential-less call with the description's 401 and its Basic challenge,
    // so that another server that took the port meanwhile cannot pass for it. A proxy's answers depend
    // on its upstream: any answer will do.
    ready:
      mode === "mock"
        ? (response) => response.status === 401 && /^Basic\b/i.test(response.headers.get("www-authenticate") ?? "")
        : undefined,
  });
  return {
    url: prism.url,
    get pid() {
      return prism.pid;
    },
    output: prism.output,
    stop: prism.stop,
  };
}
