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
function hostNameOf(host: string | undefined): string {
  return (host ?? "").trim().replace(/:\d*$/, "");
}

/** A request's Host names this machine (what a server on loopback requires). */
export function isLoopbackHostHeader(host: string | undefined): boolean {
  return isLoopbackName(hostNameOf(host));
}

/** The one line a server on loopback answers a request addressed to another name with (403). */
export const FOREIGN_HOST_DETAIL =
  "This server answers requests addressed to this machine only (localhost, 127.0.0.1, [::1]): another Host is a page of another site whose name was pointed here.";

export interface ExposureOptions {
  /** The server checks Host on loopback (isLoopbackHostHeader): say that the check is off. */
  hostCheck?: boolean;
  /** A sentence that follows, e.g. what to do instead. */
  advice?: string;
}

/**
 * What a server bound to `host` says when it starts: "" on loopback; otherwise that anyone who can
 * reach it can use `what` (and, for a server that checks Host, that the check is off).
 */
export function exposureWarning(host: string, what: string, { hostCheck = false, advice }: ExposureOptions = {}): string {
  if (isLoopbackName(host)) return "";
  const off = hostCheck ? ", and the Host check that protects a loopback server against pages of other sites (DNS rebinding) is off" : "";
  return `warning: listening on ${host}, beyond this machine: anyone who can reach it can use ${what}${off}.${advice ? ` ${advice}` : ""}`;
}
