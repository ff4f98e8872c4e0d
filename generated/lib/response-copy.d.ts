/** A copy of `response` with another body (and, given, other status text, headers or URL); what the
 * Response constructor cannot set is kept as own properties: a fetched response's url, redirected
 * and type, and a status outside 200–599. */
export declare function copyResponse(response: Response, body: ReadableStream<Uint8Array> | null, { statusText, headers, url, }?: {
    statusText?: string;
    headers?: Headers | [string, string][];
    url?: string;
}): Response;
