// The API key must never reach an MCP client: every tool result passes through here, whatever the
// service (or a proxy echoing request headers) put in it. The client scrubs the problems it turns
// into ApiError; this is the one place that covers everything the server sends, successes included.

export const REDACTED = "[REDACTED]";

/** The key and the forms it travels in: the Basic credential "key:" in base64. */
export function secretsOf(apiKey: string): string[] {
  const basic = Buffer.from(`${apiKey}:`, "utf8").toString("base64");
  // Short strings would match ordinary words: real keys are far longer.
  return [apiKey, basic, JSON.stringify(apiKey).slice(1, -1)].filter((s) => s.length >= 8);
}

export function redactText(text: string, secrets: readonly string[]): string {
  return secrets.reduce((scrubbed, secret) => scrubbed.replaceAll(secret, REDACTED), text);
}
