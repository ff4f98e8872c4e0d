// One redaction policy for everything this project prints or returns (the client's errors, the MCP
// server's results, the contract checker's output and reports): every secret replaced wherever it
// appears, whatever its length, the longest first (so a secret that contains another goes whole); and
// the user info of any URL (https://user:password@host), which is a credential too.
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
