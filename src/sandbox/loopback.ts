// This machine's own names. A server of this project listening on loopback (the HTTP sandbox, the MCP
// server's --http) answers only requests addressed to one of them: a web page whose domain an attacker
// rebinds to 127.0.0.1 sends its own domain in Host, and must not reach a server whose keys are
// published. The same names make a page's origin local (cors.ts).

const LOOPBACK_NAME = /^(localhost|[\w-]+\.localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/** True for localhost, *.localhost, 127.x.x.x and ::1 (bracketed or not). */
export function isLoopbackName(hostname: string): boolean {
  return LOOPBACK_NAME.test(hostname);
}

/** The host name a Host header names, without its port ("[::1]:4011" → "[::1]"); "" without one. */
export function hostNameOf(host: string | undefined): string {
  return (host ?? "").trim().replace(/:\d*$/, "");
}

/** A request's Host names this machine (what a server on loopback requires). */
export function isLoopbackHostHeader(host: string | undefined): boolean {
  return isLoopbackName(hostNameOf(host));
}
