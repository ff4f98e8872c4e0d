// Copies of a Response with another body, status text, headers or URL: what the body limit and the
// redaction of an error's response hand out in place of the one fetch gave.
/** A copy of `response` with another body (and, given, other status text, headers or URL); what the
 * Response constructor cannot set is kept as own properties: a fetched response's url, redirected
 * and type, and a status outside 200–599. */
export function copyResponse(response, body, { statusText = response.statusText, headers = response.headers, url = response.url, } = {}) {
    const { status } = response;
    const inRange = status >= 200 && status <= 599;
    const copy = new Response(body, { status: inRange ? status : 500, statusText, headers });
    Object.defineProperties(copy, { url: { value: url }, redirected: { value: response.redirected }, type: { value: response.type } });
    if (!inRange)
        Object.defineProperties(copy, { status: { value: status }, ok: { value: false } });
    return copy;
}
