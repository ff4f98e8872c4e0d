// What the checker prints or writes never carries a credential: the package's one redaction policy
// (@project-collaboration/api's createRedactor: every form of each key — each case, as a Basic token's
// user name and password, percent-encoded, JSON-escaped — and the user info of any URL), built from
// every key the run sends (callers/credentials.ts). The transport also tells it each Authorization header it
// sends (`learn`): a credential made from a key (holding it, in any case) that credentials.ts does not
// list is redacted all the same, from the first request that carries it. Credentials that hold no key
// (the made-up ones of the checks of refused credentials) stay readable, so their curl lines replay.
import { createRedactor, credentialForms, type Redactor } from "@project-collaboration/api";

export interface Redact extends Redactor {
  /** Adds the credentials an Authorization header carries (a Basic token's user name and password,
   * another scheme's token, or the whole value). */
  learn?(authorization: string): void;
}

/** What an Authorization header value carries that could be a secret. */
function credentialsIn(authorization: string): string[] {
  const [scheme = "", ...rest] = authorization.trim().split(/\s+/);
  const token = rest.join(" ");
  // The value alone: a bare key (a check sends the key as the header itself), or a scheme without a token.
  if (rest.length === 0) return /^(basic|bearer|digest|token)$/i.test(scheme) ? [] : [scheme];
  if (scheme.toLowerCase() !== "basic") return [token];
  // Buffer's base64 decoder skips what is not base64 rather than throwing: garbage decodes to garbage.
  const decoded = Buffer.from(token, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return [token, ...(colon < 0 ? [decoded] : [decoded.slice(0, colon), decoded.slice(colon + 1)])];
}

export function createRedact(keys: readonly (string | undefined)[]): Redact {
  const known = new Set(keys.filter((key): key is string => !!key));
  const lowerKeys = [...known].map((key) => key.toLowerCase());
  const madeOfAKey = (credential: string) => lowerKeys.some((key) => credential.toLowerCase().includes(key));
  let redactor = createRedactor([...known].flatMap(credentialForms));
  const redact: Redact = (text) => redactor(text);
  redact.learn = (authorization) => {
    const fresh = credentialsIn(authorization).filter((secret) => secret !== "" && !known.has(secret) && madeOfAKey(secret));
    if (fresh.length === 0) return;
    for (const secret of fresh) known.add(secret);
    redactor = createRedactor([...known].flatMap(credentialForms));
  };
  return redact;
}

/** A base URL with a user name or password is refused: the checker would print it, and the key is the credential. */
export { hasUserInfo as userInfoOf } from "@project-collaboration/api";
