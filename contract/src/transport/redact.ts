// What the checker prints or writes never carries a credential: the package's one redaction policy
// (@project-collaboration/api's createRedactor: every form of each key — each case, as a Basic token's
// user name and password, percent-encoded, JSON-escaped — and the user info of any URL), built from
// every key the run sends (callers/credentials.ts). The transport also tells it every header value it
// sends (`learn`): a credential made from a key that credentials.ts does not list is redacted all the
// same, from the first request that carries it — a word that holds a key (in any case), and a token
// whose base64 decodes to text holding one (a Basic token of the key with a password after it, or of a
// name that holds the key, is a form of the key: decoding it gives the key). Credentials that hold no
// key (the made-up ones of the checks of refused credentials) stay readable, so their curl lines replay.
import { createRedactor, credentialForms, MIN_EMBEDDED_SECRET_LENGTH, type Redactor } from "@project-collaboration/api";

export interface Redact extends Redactor {
  /** Adds the credentials a header value the checker sends carries (an Authorization header's token,
   * a Basic token's user name and password, a key sent in a header of its own). */
  learn?(headerValue: string): void;
  /** Whether a text holds a form of a credential the run sent (a URL's user info alone is none of them). */
  holdsCredential?(text: string): boolean;
}

/** Where one credential ends and the next begins in a header value (`Basic <token>`, `a, b`,
 * `name="value"`); never inside a base64 token, whose "=" padding only ends it. */
const BETWEEN_WORDS = /[\s,;"']+/;

/** A word that can be base64 (or base64url): only its alphabet, padding at the end. */
const BASE64_WORD = /^[A-Za-z0-9+/_-]{2,}={0,2}$/;
/** What decoded bytes that are not text hold: a byte that is not UTF-8, a control character. */
const NOT_TEXT = /[\uFFFD\p{Cc}]/u;

/** The text a word encodes as base64 (or base64url), or "" when it is not base64 of text: an ordinary
 * word (`application/json`) decodes to bytes that are not text, which must not be taken for a
 * credential holding a short key by chance. */
function base64Decoded(word: string): string {
  if (!BASE64_WORD.test(word)) return "";
  const decoded = Buffer.from(word, "base64").toString("utf8");
  return NOT_TEXT.test(decoded) ? "" : decoded;
}

/** The candidates of a header value: each word, the value after a word's `name=`, and what a word
 * decodes to, with that text's user name and password (split at its first colon). Each with the
 * word that carries it: what is redacted when the candidate holds a key. */
function candidatesIn(value: string): [candidate: string, secret: string][] {
  const found: [string, string][] = [[value.trim(), value.trim()]];
  for (const whole of value.split(BETWEEN_WORDS)) {
    const assigned = /^[^=]+=(.+)$/.exec(whole)?.[1];
    for (const word of assigned ? [whole, assigned] : [whole]) {
      if (word === "") continue;
      found.push([word, word]);
      const decoded = base64Decoded(word);
      if (decoded === "") continue;
      const colon = decoded.indexOf(":");
      // The decoded text holding a key makes the token a secret; its parts are secrets of their own
      // (a short key is redacted only where it stands alone: a user name that holds it is taken whole).
      found.push([decoded, word]);
      if (colon >= 0) for (const part of [decoded.slice(0, colon), decoded.slice(colon + 1)]) found.push([part, part]);
    }
  }
  return found;
}

/** Whether a text holds a key as the redaction finds it: anywhere for a key of the embedded length,
 * else where it stands alone (no letter or digit beside it); in any case. */
function holderOf(keys: readonly string[]): (text: string) => boolean {
  const lower = keys.map((key) => key.toLowerCase());
  const alone = (text: string, at: number, length: number) =>
    !/[\p{L}\p{N}]/u.test(text.charAt(at - 1)) && !/[\p{L}\p{N}]/u.test(text.charAt(at + length));
  return (text) => {
    const haystack = text.toLowerCase();
    return lower.some((key) => {
      if (key.length >= MIN_EMBEDDED_SECRET_LENGTH) return haystack.includes(key);
      for (let at = haystack.indexOf(key); at >= 0; at = haystack.indexOf(key, at + 1)) if (alone(haystack, at, key.length)) return true;
      return false;
    });
  };
}

export function createRedact(keys: readonly (string | undefined)[]): Redact {
  const known = new Set(keys.filter((key): key is string => !!key));
  const holdsAKey = holderOf([...known]);
  let redactor = createRedactor([...known].flatMap(credentialForms));
  let finder = createRedactor([...known].flatMap(credentialForms), { urlUserInfo: false });
  const redact: Redact = (text) => redactor(text);
  redact.holdsCredential = (text) => finder(text) !== text;
  redact.learn = (headerValue) => {
    const fresh = new Set<string>();
    for (const [candidate, secret] of candidatesIn(headerValue))
      if (secret !== "" && !known.has(secret) && holdsAKey(candidate)) fresh.add(secret);
    if (fresh.size === 0) return;
    for (const secret of fresh) known.add(secret);
    redactor = createRedactor([...known].flatMap(credentialForms));
    finder = createRedactor([...known].flatMap(credentialForms), { urlUserInfo: false });
  };
  return redact;
}

/** A base URL with a user name or password is refused: the checker would print it, and the key is the credential. */
export { hasUserInfo as userInfoOf } from "@project-collaboration/api";
