// What of a recording is a secret: the values of the headers that carry credentials and cookies, each
// with the parts a redaction must also find (a Basic token's user name and password, a scheme's token,
// each cookie's value), and a URL's user info. They are given to the checker's one redaction policy
// (transport/redact.ts), which then finds every form of each (each case, percent-encoded, JSON-escaped,
// base64) in whatever leaves: console, JSON, JUnit and HAR.
import { KEY_HEADERS, KEY_PARAMETERS } from "../callers/credentials.js";
import { createRedact, type Redact } from "../transport/redact.js";

const CREDENTIAL_HEADERS = new Set<string>(["authorization", "proxy-authorization", "cookie", "set-cookie", ...KEY_HEADERS]);
/** Shorter values are not taken for secrets: every "1" or "on" of a report would go. */
const SHORTEST_SECRET = 3;

/** The secrets a header carries (none for a header that carries no credential). */
export function secretsOfHeader(name: string, value: string): string[] {
  const lower = name.toLowerCase();
  if (!CREDENTIAL_HEADERS.has(lower)) return [];
  const found = [value.trim()];
  if (lower === "cookie" || lower === "set-cookie") {
    const pairs = lower === "cookie" ? value.split(";") : [value.split(";")[0] ?? ""];
    for (const pair of pairs) {
      const at = pair.indexOf("=");
      if (at >= 0)
        found.push(
          pair
            .slice(at + 1)
            .trim()
            .replace(/^"|"$/g, ""),
        );
    }
  } else {
    const token = /^\s*[A-Za-z][\w-]*\s+(\S+)\s*$/.exec(value)?.[1];
    if (token) {
      found.push(token);
      if (/^basic\b/i.test(value.trim())) {
        const decoded = Buffer.from(token, "base64").toString("utf8");
        const colon = decoded.indexOf(":");
        found.push(decoded, ...(colon >= 0 ? [decoded.slice(0, colon), decoded.slice(colon + 1)] : []));
      }
    }
  }
  // A scheme's name alone ("Basic", the malformed credential of a check) is a word, not a secret.
  return found.filter((secret) => secret.length >= SHORTEST_SECRET && !SCHEME.test(secret));
}

const SCHEME = /^(?:basic|bearer|token|digest|negotiate|ntlm|hoba|mutual|aws4-hmac-sha256)$/i;

/** The user name and password of a URL, and the value of a query parameter that carries a key. */
export function secretsOfUrl(url: string): string[] {
  try {
    const { username, password, searchParams } = new URL(url);
    const keys = KEY_PARAMETERS.flatMap((name) => searchParams.getAll(name));
    return [username, password, decodeURIComponent(username), decodeURIComponent(password), ...keys].filter(
      (s) => s.length >= SHORTEST_SECRET && !SCHEME.test(s),
    );
  } catch {
    return [];
  }
}

/** A redaction that grows: every secret told to it is redacted from then on. */
export function growingRedact(initial: readonly (string | undefined)[] = []): Redact & { add(secrets: Iterable<string>): void } {
  const known = new Set(initial.filter((s): s is string => !!s));
  let inner = createRedact([...known]);
  const redact = ((text: string) => inner(text)) as Redact & { add(secrets: Iterable<string>): void };
  redact.holdsCredential = (text) => inner.holdsCredential?.(text) ?? false;
  redact.learn = (value) => inner.learn?.(value);
  redact.add = (secrets) => {
    const before = known.size;
    for (const secret of secrets) known.add(secret);
    if (known.size !== before) inner = createRedact([...known]);
  };
  return redact;
}
