// Copies of a Response with another body, status text, headers or URL: what the body limit and the
// redaction of an error's response hand out in place of the one fetch gave.
import { unicodeEscape } from "./terminal-text.js";
/** What the Response constructor refuses in a status text (RFC 9110's reason-phrase: tab, space,
 * visible ASCII and bytes 0x80–0xFF), though fetch hands such text on from a server's status line (an
 * escape character, a character beyond Latin-1 read from UTF-8). */
const NOT_IN_REASON_PHRASE = /[^\t\x20-\x7e\x80-\xff]/g;
/** The status text as a Response can hold it: each character it refuses written as its \uXXXX escape. */
function reasonPhrase(text) {
    return text.replace(NOT_IN_REASON_PHRASE, unicodeEscape);
}
/** A copy of `response` with another body (and, given, other status text, headers or URL); what the
 * Response constructor cannot set is kept as own properties: a fetched response's url, redirected
 * and type, and a status outside 200–599. */
export function copyResponse(response, body, { statusText = response.statusText, headers = response.headers, url = response.url, } = {}) {
    const { status } = response;
    const inRange = status >= 200 && status <= 599;
    const copy = new Response(body, { status: inRange ? status : 500, statusText: reasonPhrase(statusText), headers });
    Object.defineProperties(copy, { url: { value: url }, redirected: { value: response.redirected }, type: { value: response.type } });
    if (!inRange)
        Object.defineProperties(copy, { status: { value: status }, ok: { value: false } });
    return copy;
}
