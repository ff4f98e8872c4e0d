// Why a request got no answer, in words a person can act on. fetch reports every network failure as
// `TypeError: fetch failed`, with the reason in its `cause` (an error code from the socket, the DNS
// resolver or TLS); a tool that prints only the message tells its user nothing. `pcs` and the MCP
// server name the URL and this reason.
/** The causes worth naming, by code; any other code is shown with the cause's own message. */
const REASONS = {
    ECONNREFUSED: "connection refused",
    ECONNRESET: "the connection was reset",
    ENOTFOUND: "no such host",
    EAI_AGAIN: "the host name could not be resolved (DNS did not answer)",
    EHOSTUNREACH: "host unreachable",
    ENETUNREACH: "network unreachable",
    ETIMEDOUT: "connecting timed out",
    UND_ERR_CONNECT_TIMEOUT: "connecting timed out",
    UND_ERR_SOCKET: "the server closed the connection",
    UND_ERR_HEADERS_TIMEOUT: "no answer (undici's headers timeout)",
    UND_ERR_BODY_TIMEOUT: "the body stopped arriving (undici's body timeout)",
    CERT_HAS_EXPIRED: "certificate error: the server's certificate has expired",
    DEPTH_ZERO_SELF_SIGNED_CERT: "certificate error: the server's certificate is self-signed",
    SELF_SIGNED_CERT_IN_CHAIN: "certificate error: a self-signed certificate in the chain",
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: "certificate error: the server's certificate is not trusted",
    UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "certificate error: the certificate's issuer is not trusted",
    ERR_TLS_CERT_ALTNAME_INVALID: "certificate error: the certificate is for another host name",
    ERR_SSL_WRONG_VERSION_NUMBER: "TLS error: the server does not speak TLS on this port (http:// rather than https://?)",
};
/** Error codes of TLS that REASONS does not list (a certificate problem, in the cause's words). */
const TLS_CODE = /CERT|SSL|TLS/;
/**
 * The reason a fetch failed before any answer, e.g. "connection refused (ECONNREFUSED)"; undefined
 * when `error` is not such a failure (an abort, a timeout, an error of the service). The text is the
 * platform's, never the server's.
 */
export function networkFailureReason(error) {
    if (!(error instanceof TypeError))
        return undefined;
    const cause = error.cause;
    if (!(cause instanceof Error))
        return undefined;
    const code = cause.code;
    if (typeof code !== "string" || code === "")
        return cause.message ? cause.message.split("\n")[0] : undefined;
    const reason = REASONS[code] ?? (TLS_CODE.test(code) ? `certificate error: ${cause.message.split("\n")[0]}` : cause.message.split("\n")[0]);
    return `${reason} (${code})`;
}
const seconds = (ms) => `${Number((ms / 1000).toFixed(ms < 1000 ? 2 : 1))} s`;
/**
 * A call of the client that threw, in one line (`pcs` and the MCP server): a timeout names the URL
 * and the client's real limits, a network failure the URL and its cause (networkFailureReason). The
 * caller redacts the line and makes it safe for a terminal; the text of an unknown error is its own.
 */
export function failureLine(error, attempted, limits) {
    const request = attempted ? `${attempted.method} ${attempted.url}` : "the request";
    const attempts = attempted?.attempts;
    if (error?.name === "TimeoutError") {
        const within = `no complete answer within ${seconds(limits.timeoutMs)}`;
        if (attempts === undefined)
            return `${request} timed out: ${within} per attempt, ${seconds(limits.maxElapsedMs)} per call with retries (the client's limits)`;
        return `${request} timed out: ${within}${attempts > 1
            ? ` per attempt, ${attempts} attempts in at most ${seconds(limits.maxElapsedMs)} (the client's limits)`
            : " (the client's limit per attempt)"}`;
    }
    const unreachable = networkFailureReason(error);
    if (unreachable)
        return `cannot reach ${attempted?.url ?? "the server"}: ${unreachable}${attempts && attempts > 1 ? ` (${attempts} attempts)` : ""}`;
    if (error?.name === "ResponseTooLargeError")
        return `${request}: ${error.message}`;
    const message = error instanceof Error ? error.message : String(error);
    return `${error instanceof Error && error.name !== "Error" ? `${error.name}: ` : ""}${message.split("\n")[0]}`;
}
