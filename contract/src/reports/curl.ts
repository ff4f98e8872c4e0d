// A request as a `curl` line to paste. Every key the run sent (credentials.ts: the user's keys and the
// keys derived from them) is written as a shell expression of the variable that holds it —
// `-u "${PCS_API_KEY}:"`, `-u "${PCS_API_KEY}-not-this-one:"`, `?api_key=${PCS_API_KEY}` — never its
// value; whatever else could hold a secret is redacted.
import { sentKeys, type SentKey } from "../callers/credentials.js";
import type { Redact } from "../transport/redact.js";
import type { Target } from "../runner/target.js";
import type { Exchange } from "../transport/transport.js";

const singleQuoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;
const inDoubleQuotes = (text: string) => text.replace(/[\\$`"]/g, "\\$&");
const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

/** Each sent key as it may stand in a request: as it is, and percent-encoded (a query parameter). */
function keyForms(keys: SentKey[]): Map<string, string> {
  const forms = new Map<string, string>();
  for (const key of keys)
    for (const form of [key.value, encodeURIComponent(key.value), new URLSearchParams({ k: key.value }).toString().slice(2)])
      if (form && !forms.has(form)) forms.set(form, key.shell);
  return forms;
}

/** The forms of the target's sent keys and the pattern that finds them, made once per target (a run
 * writes a curl line for each failing check, in the console, the JUnit and the JSON reports). */
const keysOfTarget = new WeakMap<Target, { forms: Map<string, string>; pattern: RegExp }>();
function keysOf(target: Target): { forms: Map<string, string>; pattern: RegExp } {
  let found = keysOfTarget.get(target);
  if (!found) {
    const forms = keyForms(sentKeys(target));
    const alternatives = [...forms.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
    found = { forms, pattern: new RegExp(alternatives.length ? alternatives.join("|") : "(?!)", "g") };
    keysOfTarget.set(target, found);
  }
  return found;
}

export function curlOf(exchange: Exchange, target: Target, redact: Redact): string {
  const { forms, pattern } = keysOf(target);
  /** One shell word: single-quoted, or double-quoted around the shell expressions of the keys it holds. */
  const word = (text: string): string => {
    const parts = text.split(pattern);
    const found = text.match(pattern) ?? [];
    if (found.length === 0) return singleQuoted(redact(text));
    return `"${parts.map((part, i) => inDoubleQuotes(redact(part)) + (i < found.length ? forms.get(found[i]!)! : "")).join("")}"`;
  };
  /** A Basic token whose user name and password are each a sent key, empty, or free of any secret (the
   * key with a made-up password): `-u` with the keys' expressions, which replays it. */
  const basicUser = (value: string): string | undefined => {
    const token = /^Basic ([A-Za-z0-9+/]+=*)$/.exec(value)?.[1];
    if (!token) return undefined;
    const decoded = Buffer.from(token, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0 || Buffer.from(decoded, "utf8").toString("base64") !== token) return undefined;
    const known = (part: string) => part === "" || forms.get(part) !== undefined || redact(part) === part;
    return known(decoded.slice(0, colon)) && known(decoded.slice(colon + 1)) ? word(decoded) : undefined;
  };

  const parts = ["curl", "-sS", "-i"];
  if (exchange.method !== "GET") parts.push("-X", exchange.method);
  parts.push(word(exchange.url));
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (name === "accept" || name === "content-length") continue;
    const user = name === "authorization" ? basicUser(value) : undefined;
    if (user) parts.push("-u", user);
    else parts.push("-H", word(`${name}: ${value}`));
  }
  if (exchange.requestBody !== undefined) parts.push("--data-raw", word(exchange.requestBody));
  return parts.join(" ");
}
