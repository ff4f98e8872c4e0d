// The configuration's server as a Target: what it is called (never with a credential) and what the
// checker may do there. A user's server is disposable only when the user declares it (--disposable);
// otherwise it gets writes only when the user opted in.
// The pace (--rate) protects a server; the built-in sandbox, in this process, is none: it is unpaced
// unless --rate is given.
import { createSandbox, SANDBOX_BASE_URL } from "@project-collaboration/api/sandbox";
import type { Config } from "./options.js";
import type { Limits } from "../runner/run.js";
import type { Target } from "../runner/target.js";

/** The sandbox's published keys: its example company administrator, and a user who is not one. */
export const SANDBOX_KEYS = { admin: "sandbox-admin-key", other: "sandbox-viewer-key" } as const;
/** The key sent to a mock: Prism accepts any well-formed Basic credential. */
export const MOCK_API_KEY = "contract-test-key";

const extras = (config: Config, otherDefault?: string) => ({
  ...((config.otherApiKey ?? otherDefault) && { otherApiKey: config.otherApiKey ?? otherDefault }),
  ...(config.inviteEmail && { inviteEmail: config.inviteEmail }),
});

export function targetOf(config: Config): Target {
  const { kind, baseUrl } = config.target;
  if (kind === "mock")
    return {
      name: `the mock at ${baseUrl}`,
      baseUrl: baseUrl!,
      apiKey: config.apiKey ?? MOCK_API_KEY,
      isMock: true,
      stateful: false,
      allowWrites: true,
      checksKeys: false,
      disposable: true,
    };
  if (kind === "sandbox") {
    const common = {
      isMock: false,
      stateful: true,
      allowWrites: true,
      checksKeys: true,
      disposable: true,
      apiKey: config.apiKey ?? SANDBOX_KEYS.admin,
    };
    if (baseUrl) return { ...common, name: `the sandbox at ${baseUrl}`, baseUrl, ...extras(config, SANDBOX_KEYS.other) };
    const sandbox = createSandbox();
    return {
      ...common,
      name: "the built-in sandbox (in this process)",
      baseUrl: SANDBOX_BASE_URL,
      fetch: (request) => sandbox.fetch(request),
      ...extras(config, SANDBOX_KEYS.other),
    };
  }
  return {
    name: baseUrl!,
    baseUrl: baseUrl!,
    apiKey: config.apiKey!,
    isMock: false,
    stateful: true,
    // Disposable only by the user's word (--disposable), which allows writes too.
    allowWrites: config.allowWrites || config.disposable === true,
    checksKeys: true,
    disposable: config.disposable === true,
    ...(config.disposable && { declaredDisposable: true }),
    ...extras(config),
  };
}

/** The run's limits: the configuration's, without a pace for the in-process sandbox when the command
 * line gave no --rate (a sandbox at a URL is paced: it is a server, maybe shared). */
export function limitsOf(config: Config, target: Target, rateGiven: boolean): Limits {
  return target.fetch && !rateGiven ? { ...config.limits, rate: Number.POSITIVE_INFINITY } : config.limits;
}
