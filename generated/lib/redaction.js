// One redaction policy for everything this project prints or returns (the client's errors, the MCP
// server's results, `pcs`, the contract checker's output and reports): every form of every secret
// replaced wherever it appears, the longest first (so a secret that contains another goes whole); and
// the user info of any URL (https://user:password@host), which is a credential too; the start of a
// secret where a text was cut short through it ("…"); and the same for
// a parsed JSON value and a Response's status text, URL and headers.
import { copyResponse } from "./response-copy.js";
export const REDACTED = "[REDACTED]";
/** scheme://user:password@ — the part up to the @ of a URL's authority. The user info ends where a
 * URL can end: no whitespace, quote, comma, bracket (round, square, curly, angle), backslash or
 * backtick inside it (where a JSON string, a list or a sentence ends), so that compact JSON such as
 * `{"website":"http://a.example","email":"admin@a.example"}` is left whole rather than read as one URL
 * whose user info runs to the email's @. The price: a user info holding one of those characters (a
 * password with a comma, which the URL standard leaves unescaped) is not found; the keys a tool knows
 * are redacted in every form all the same. */
const URL_USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"',<>()[\]{}\\`]*@/gi;
/** A secret shorter than this is replaced only where it stands alone (no letter or digit on either
 * side): a one-letter key replaced inside every word would make each message unreadable, and show
 * which letter the key is. A real key is far longer and is replaced wherever it appears. */
export const MIN_EMBEDDED_SECRET_LENGTH = 8;
/** base64 of a string's UTF-8 bytes (btoa alone takes Latin-1 only). */
function base64(text) {
    let binary = "";
    for (const byte of new TextEncoder().encode(text))
        binary += String.fromCharCode(byte);
    return btoa(binary);
}
/** The ways a text is percent-encoded in a URL or a form: encodeURIComponent's, the form encoding's
 * (URLSearchParams: "+" for a space, more characters escaped), each with upper- and lower-case hex. */
function percentEncodings(text) {
    const forms = [encodeURIComponent(text), new URLSearchParams({ x: text }).toString().slice(2)];
    return forms.flatMap((form) => [form, form.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())]);
}
/** The text with the case of every letter swapped ("aB" → "Ab"). */
function swapCase(text) {
    return [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");
}
/**
 * Every form an API key travels or comes back in: itself in each case (as sent, upper, lower, swapped:
 * a server or proxy may change it); the Basic token made from it as user name ("key:") and as password
 * (":key"); each of those percent-encoded (as a URL or a form carries it); and the key escaped inside a
 * JSON string (a key with a quote or a backslash, echoed in a JSON body). A tool that sends keys of its
 * own making (the contract checker's wrong keys) passes each of them too.
 */
export function credentialForms(apiKey) {
    if (typeof apiKey !== "string" || apiKey === "")
        return [];
    const cases = [apiKey, apiKey.toUpperCase(), apiKey.toLowerCase(), swapCase(apiKey)];
    const plain = cases.flatMap((key) => [key, base64(`${key}:`), base64(`:${key}`)]);
    return [...new Set([...plain, ...plain.flatMap(percentEncodings), JSON.stringify(apiKey).slice(1, -1)])];
}
/** A literal inside a regular expression with the `u` flag (where only syntax characters may be escaped). */
const escapeLiteral = (text) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
export function createRedactor(secrets, options = {}) {
    const userInfo = (options.urlUserInfo ?? true) ? (text) => text.replace(URL_USER_INFO, `$1${REDACTED}@`) : (text) => text;
    const present = [...new Set(secrets.filter((s) => typeof s === "string" && s.length > 0))].sort((a, b) => b.length - a.length);
    if (present.length === 0)
        return userInfo;
    // One pass over the text whatever the number of forms, the longest alternative first.
    const alternatives = present.map((secret) => secret.length >= MIN_EMBEDDED_SECRET_LENGTH ? escapeLiteral(secret) : `(?<![\\p{L}\\p{N}])${escapeLiteral(secret)}(?![\\p{L}\\p{N}])`);
    const pattern = new RegExp(alternatives.join("|"), "gu");
    const long = present.filter((secret) => secret.length >= MIN_EMBEDDED_SECRET_LENGTH);
    return (text) => withoutCutStarts(userInfo(text).replace(pattern, REDACTED), long);
}
/** What a text cut short shows where it was cut (an excerpt, a body kept up to a limit). */
const CUT_MARK = "…";
/** The shortest start of a secret taken for one where a text was cut: a shorter one tells little and
 * would take ordinary words. */
const MIN_CUT_SECRET_START = 4;
/** The text with the start of a secret replaced where it stands just before a cut: a cut through a
 * secret leaves no whole form for the pattern to find, and its start is part of it all the same. */
function withoutCutStarts(text, secrets) {
    if (secrets.length === 0 || !text.includes(CUT_MARK))
        return text;
    const pieces = text.split(CUT_MARK);
    for (let i = 0; i < pieces.length - 1; i++) {
        const piece = pieces[i];
        let longest = 0;
        for (const secret of secrets) {
            for (let k = Math.min(secret.length - 1, piece.length); k > Math.max(longest, MIN_CUT_SECRET_START - 1); k--) {
                if (piece.endsWith(secret.slice(0, k))) {
                    longest = k;
                    break;
                }
            }
        }
        if (longest > 0)
            pieces[i] = piece.slice(0, piece.length - longest) + REDACTED;
    }
    return pieces.join(CUT_MARK);
}
/** True when `url` parses and holds a user name or password. */
export function hasUserInfo(url) {
    try {
        const parsed = new URL(url);
        return parsed.username !== "" || parsed.password !== "";
    }
    catch {
        return false;
    }
}
/** Deeper than any problem the service sends; what lies deeper is replaced, so that the error can
 * still be logged and serialized (JSON.stringify recurses). */
const MAX_KEPT_DEPTH = 32;
const TOO_DEEP = "[nested too deeply]";
/** A copy of a parsed JSON value with every string (keys included) scrubbed. It walks the value rather
 * than its JSON text, where a secret holding `"` or `\` would appear escaped and be missed; and it
 * walks with a list, not recursion, because the depth is the server's to choose. */
export function redactJson(value, redact) {
    const pending = [];
    const copyOf = (item, depth) => {
        if (typeof item === "string")
            return redact(item);
        if (typeof item !== "object" || item === null)
            return item;
        if (depth > MAX_KEPT_DEPTH)
            return TOO_DEEP;
        const copy = Array.isArray(item) ? [] : {};
        pending.push([item, copy, depth]);
        return copy;
    };
    const root = copyOf(value, 0);
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        const [source, copy, depth] = next;
        if (Array.isArray(copy))
            for (const item of source)
                copy.push(copyOf(item, depth + 1));
        else {
            for (const [name, item] of Object.entries(source)) {
                // A data property even for "__proto__", which an assignment would take as the prototype.
                Object.defineProperty(copy, redact(name), { value: copyOf(item, depth + 1), enumerable: true, writable: true, configurable: true });
            }
        }
    }
    return root;
}
/** The response with the secrets scrubbed from its status text, URL and header values, and without the
 * headers whose name holds one (a name cannot carry the marker: "[" is not allowed in it, and a short
 * key can be part of an ordinary name such as keep-alive); the response itself when none holds one
 * (the usual case). Its body has been read already. */
export function redactResponse(response, redact) {
    const headers = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    if (![response.statusText, response.url, ...headers.flat()].some((text) => redact(text) !== text))
        return response;
    return copyResponse(response, null, {
        statusText: redact(response.statusText),
        headers: headers.filter(([name]) => redact(name) === name).map(([name, value]) => [name, redact(value)]),
        url: redact(response.url),
    });
}
