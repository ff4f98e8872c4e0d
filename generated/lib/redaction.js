// One redaction policy for everything this project prints or returns (the client's errors, the MCP
// server's results, the contract checker's output and reports): every secret replaced wherever it
// appears, whatever its length, the longest first (so a secret that contains another goes whole); and
// the user info of any URL (https://user:password@host), which is a credential too; and the same for
// a parsed JSON value and a Response's status text, URL and headers.
import { copyResponse } from "./response-copy.js";
export const REDACTED = "[REDACTED]";
/** scheme://user:password@ — the part up to the @ of a URL's authority. */
const URL_USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi;
/** The forms an API key travels in: itself, the Basic token made from it (base64 of "key:"), and
 * itself escaped inside a JSON string (a key with a quote or a backslash, echoed in a JSON body). */
export function credentialForms(apiKey) {
    if (!apiKey)
        return [];
    const bytes = new TextEncoder().encode(`${apiKey}:`);
    let binary = "";
    for (const byte of bytes)
        binary += String.fromCharCode(byte);
    return [...new Set([apiKey, btoa(binary), JSON.stringify(apiKey).slice(1, -1)])];
}
export function createRedactor(secrets) {
    const present = secrets.filter((s) => typeof s === "string" && s.length > 0).sort((a, b) => b.length - a.length);
    return (text) => present.reduce((scrubbed, secret) => (scrubbed.includes(secret) ? scrubbed.replaceAll(secret, REDACTED) : scrubbed), text.replace(URL_USER_INFO, `$1${REDACTED}@`));
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
