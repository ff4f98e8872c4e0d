// One checker run against a recorded stand-in, in this process, given to the checker as a user's server
// (not disposable): the run, every request the stand-in received, and its whole state before and after.
import { runContract, type Level, type Target } from "../../../contract/src/index.js";
import type { SandboxSeed } from "../../../src/sandbox/index.js";
import type { Handler } from "./documented-only.js";
import { overHttp } from "./over-http.js";
import { recordedStandIn } from "./recorded.js";
import { userServer } from "./target.js";

/** In this process nothing is slow: pace only where a test says so. */
export const FAST = { rate: 10_000, concurrency: 8 };

export async function standInRun(options: {
  defect?: string;
  writes: boolean;
  otherKey: boolean | string;
  inviteEmail?: string;
  level?: Level;
  seed?: SandboxSeed;
  wrap?: (handler: Handler) => Handler;
  limits?: Record<string, number>;
  /** Declared disposable (--disposable): a fresh instance in CI, changed as the sandbox is, its mail sent. */
  disposable?: boolean;
  /** --forms: rows of each access matrix at least. */
  formsAtLeast?: number;
  /** Served on a real socket (the checker's own network, not a fetch function), gzip when asked or not. */
  socket?: { gzip: boolean; spell?: (name: string) => string };
}) {
  const server = recordedStandIn({ defect: options.defect, seed: options.seed, wrap: options.wrap });
  const before = await server.state();
  const listening = options.socket && (await overHttp(server.fetch, options.socket));
  const target: Target = userServer({
    name: "the stand-in",
    baseUrl: listening ? listening.url : server.baseUrl,
    apiKey: server.apiKey,
    allowWrites: options.writes,
    ...(options.disposable && { disposable: true, declaredDisposable: true }),
    ...(!listening && { fetch: server.fetch }),
    ...(options.otherKey && { otherApiKey: typeof options.otherKey === "string" ? options.otherKey : server.otherApiKey }),
    ...(options.inviteEmail && { inviteEmail: options.inviteEmail }),
  });
  const run = await runContract({
    target,
    level: options.level ?? "documented",
    limits: { ...FAST, ...options.limits },
    seed: 20261127,
    ...(options.formsAtLeast && { formsAtLeast: options.formsAtLeast }),
  }).finally(() => listening?.close());
  return { run, requests: server.requests, before, after: await server.state(), emails: server.emailsSent() };
}
