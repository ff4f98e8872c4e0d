// The API key must never reach an MCP client: every tool result passes through here, whatever the
// service (or a proxy echoing request headers) put in it. The client scrubs the problems it turns
// into ApiError; this is the one place that covers everything the server sends, successes included.
// The policy is the main package's one (createRedactor): every form of the key, whatever its length,
// and the user info of any URL.
import { createRedactor, credentialForms, REDACTED, redactJson } from "@project-collaboration/api";

export { REDACTED };

/** The key and the forms it travels in. */
export function secretsOf(apiKey: string): string[] {
  return credentialForms(apiKey);
}

export function redactText(text: string, secrets: readonly string[]): string {
  return createRedactor(secrets)(text);
}

/** A parsed JSON value with every string (property names included) scrubbed. */
export function redactValue(value: unknown, secrets: readonly string[]): unknown {
  return redactJson(value, createRedactor(secrets));
}
