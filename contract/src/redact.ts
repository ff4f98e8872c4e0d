// What the checker prints or writes never carries a credential: the API keys (in clear, and inside the
// Basic token made from them) and any user info of a URL (https://user:password@host). Every secret
// is replaced whatever its length, as the client's own redaction does.
export const REDACTED = "‹redacted›";

const basicToken = (key: string) => Buffer.from(`${key}:`, "utf8").toString("base64");

export type Redact = (text: string) => string;

export function createRedact(keys: readonly (string | undefined)[]): Redact {
  const secrets = keys
    .filter((k): k is string => !!k)
    .flatMap((k) => [basicToken(k), k])
    .sort((a, b) => b.length - a.length);
  return (text) => {
    let scrubbed = text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, `$1${REDACTED}@`);
    for (const secret of secrets) if (scrubbed.includes(secret)) scrubbed = scrubbed.split(secret).join(REDACTED);
    return scrubbed;
  };
}

/** A base URL with a user name or password is refused: the checker would print it, and the key is the credential. */
export function userInfoOf(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== "" || parsed.password !== "";
  } catch {
    return false;
  }
}
