// Which server the contract suite talks to, chosen by the environment (see global-setup.ts):
//   - default: the Prism mock the global setup starts (examples; honours `Prefer`; keeps no state and
//     accepts any well-formed key);
//   - PCS_BASE_URL (+ PCS_API_KEY): a real deployment; writes only with PCS_ALLOW_WRITES=1;
//   - PCS_TARGET=stand-in[:<defect>]: the documented-only stand-in of test/support/stand-in/ (a server
//     that follows only the service's documented facts), optionally with one deliberate defect;
//   - PCS_TARGET=sandbox: the reference sandbox behind Prism's validating proxy.
import { inject, type TestContext } from "vitest";
import { SetupError } from "./setup-error.js";

export interface Target {
  /** What it is, for messages: "Prism mock", "server https://…", "stand-in (limit-ignored)". */
  name: string;
  /** The service root, without a trailing slash: paths of the description are appended to it. */
  baseUrl: string;
  apiKey: string;
  /** True for the Prism mock of this run: it honours `Prefer` and serves examples. */
  isMock: boolean;
  /** Keeps what is written (a created project is there on the next read). */
  stateful: boolean;
  /** The suite may create, change and delete (on a real server only with PCS_ALLOW_WRITES=1). */
  allowWrites: boolean;
  /** Tells one valid key from another well-formed one (Prism cannot know keys). */
  checksKeys: boolean;
  /** Its data may be changed freely (the mock, the stand-in, the sandbox; never a real server). */
  disposable: boolean;
  /** Prism answers first (the mock; the sandbox behind Prism's proxy): some answers are Prism's own. */
  viaPrism: boolean;
  /** PCS_OTHER_API_KEY: a second user, not a company administrator, for the checks of who may see and do what. */
  otherApiKey?: string;
  /** PCS_INVITE_EMAIL: the only address the suite may add a user by (the service emails it). */
  inviteEmail?: string;
}

/** Ids of resources the API key can see, discovered through the API by the global setup. */
export interface Ids {
  project_id: number;
  copy_id: number;
  user_id: number;
  group_id: number;
}

declare module "vitest" {
  export interface ProvidedContext {
    pcsTarget: Target;
    pcsIds: Ids;
    /** Starts the name of everything this run creates: "pcs-contract-test <6 characters>". */
    pcsRunTag: string;
  }
}

export { SetupError };

/** Reads the environment: PCS_BASE_URL switches to a real server and then needs PCS_API_KEY. */
export function realServerFromEnv(env: NodeJS.ProcessEnv): Target | undefined {
  const baseUrl = env.PCS_BASE_URL?.trim();
  if (!baseUrl) return undefined;
  const apiKey = env.PCS_API_KEY;
  if (!apiKey) throw new SetupError("PCS_BASE_URL is set but PCS_API_KEY is not: the suite needs an API key for the real server");
  if (!/^https?:\/\/[^/]/.test(baseUrl))
    throw new SetupError(`PCS_BASE_URL must be an http:// or https:// URL, not ${JSON.stringify(baseUrl)}`);
  const allow = env.PCS_ALLOW_WRITES?.trim() ?? "";
  if (allow !== "" && allow !== "1" && allow !== "0")
    throw new SetupError(`PCS_ALLOW_WRITES must be "1" (allow writes) or unset, not ${JSON.stringify(env.PCS_ALLOW_WRITES)}`);
  const url = baseUrl.replace(/\/+$/, "");
  return {
    name: `server ${url}`,
    baseUrl: url,
    apiKey,
    isMock: false,
    stateful: true,
    allowWrites: allow === "1",
    checksKeys: true,
    disposable: false,
    viaPrism: false,
    ...extraUsersFromEnv(env),
  };
}

/** PCS_OTHER_API_KEY and PCS_INVITE_EMAIL, for any target that checks keys. */
export function extraUsersFromEnv(env: NodeJS.ProcessEnv): Pick<Target, "otherApiKey" | "inviteEmail"> {
  const otherApiKey = env.PCS_OTHER_API_KEY || undefined;
  const inviteEmail = env.PCS_INVITE_EMAIL?.trim() || undefined;
  if (inviteEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(inviteEmail))
    throw new SetupError(`PCS_INVITE_EMAIL must be an email address, not ${JSON.stringify(inviteEmail)}`);
  if (otherApiKey && otherApiKey === env.PCS_API_KEY) throw new SetupError("PCS_OTHER_API_KEY must be another user's key than PCS_API_KEY");
  return { ...(otherApiKey && { otherApiKey }), ...(inviteEmail && { inviteEmail }) };
}

/** The key sent to the mock: Prism accepts any well-formed Basic credential. */
export const MOCK_API_KEY = "contract-test-key";

/** The server of this run, as the global setup provided it. */
export function target(): Target {
  return inject("pcsTarget");
}

/** Starts the name of everything this run creates, so it is recognisable and can be found again. */
export function runTag(): string {
  return inject("pcsRunTag");
}

/** The ids the global setup discovered through the API key (never the description's example ids). */
export function ids(): Ids {
  return inject("pcsIds");
}

export const REASON_PREFER = "needs the mock's Prefer header to choose the response; a real server ignores it";
export const REASON_MUTATES = "would change data on the real server (set PCS_ALLOW_WRITES=1 to allow it)";
export const REASON_OTHER_KEY = "needs a second user's key (set PCS_OTHER_API_KEY to the key of a user who is not a company administrator)";

/** Skips the running test, with its reason, unless a second user's key was given. */
export function otherKeyOnly(context: TestContext): string {
  context.skip(!target().otherApiKey, `${target().name}: ${REASON_OTHER_KEY}`);
  return target().otherApiKey!;
}

/** Skips the running test, with its reason, unless the target is the mock. */
export function mockOnly(context: TestContext, reason: string): void {
  context.skip(!target().isMock, `${target().name}: ${reason}`);
}

/** Skips the running test, with its reason, unless the suite may write to the target. */
export function writesOnly(context: TestContext): void {
  context.skip(!target().allowWrites, `${target().name}: ${REASON_MUTATES}`);
}
