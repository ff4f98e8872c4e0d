// Where the tools' requests go, from the environment only (never from a tool argument): the service
// named by PCS_BASE_URL with the key in PCS_API_KEY, or, without a key (or with --sandbox), the
// in-process sandbox of the main package, so an agent can be built and tested with no account.
import { createClient, type ApiClient } from "@project-collaboration/api";
import { createSandbox, SANDBOX_ADMIN_KEY, SANDBOX_BASE_URL } from "@project-collaboration/api/sandbox";
import { secretsOf } from "./redact.js";
import { UsageError } from "./selection.js";

export interface Connection {
  client: ApiClient;
  /** What never to show: the key's forms (none for the sandbox's published keys). */
  secrets: string[];
  /** For the start-up line on stderr; never holds the key. */
  summary: string;
  /** Where the requests go (named when the service cannot be reached). */
  baseUrl: string;
}

/** The sandbox's base URL (the main package's): any works, requests never leave the process. */
export { SANDBOX_BASE_URL };

export function connect(env: Record<string, string | undefined>, options: { sandbox?: boolean } = {}): Connection {
  const apiKey = env.PCS_API_KEY?.trim();
  const baseUrl = env.PCS_BASE_URL?.trim();
  if (options.sandbox || !apiKey) {
    if (!options.sandbox && baseUrl) {
      throw new UsageError(
        "PCS_BASE_URL is set but PCS_API_KEY is not: set both to use the service, or neither (or --sandbox) to use the sandbox",
      );
    }
    const sandbox = createSandbox();
    // The example organization's administrator, so that every operation can be tried.
    const client = createClient({ baseUrl: SANDBOX_BASE_URL, apiKey: SANDBOX_ADMIN_KEY, fetch: sandbox.fetch });
    return {
      client,
      baseUrl: SANDBOX_BASE_URL,
      secrets: [],
      summary: "the in-process sandbox (acting as the example administrator; state lasts as long as the process)",
    };
  }
  if (!baseUrl)
    throw new UsageError("PCS_API_KEY is set but PCS_BASE_URL is not: set it to the service root, e.g. https://your-host/public/api");
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError("PCS_BASE_URL is not an absolute URL, e.g. https://your-host/public/api");
  }
  // Not quoted: a user name or password in the URL is a credential, and the key is the one to use.
  if (url.username || url.password) throw new UsageError("PCS_BASE_URL must not hold a user name or password: give the key in PCS_API_KEY");
  const host = url.host;
  const client = createClient({ baseUrl, apiKey });
  return { client, baseUrl, secrets: secretsOf(apiKey), summary: `the service at ${host}` };
}
