/** True for localhost, *.localhost, 127.x.x.x and ::1 (bracketed or not). */
export declare function isLoopbackName(hostname: string): boolean;
/** The host name a Host header names, without its port ("[::1]:4011" → "[::1]"); "" without one. */
export declare function hostNameOf(host: string | undefined): string;
/** A request's Host names this machine (what a server on loopback requires). */
export declare function isLoopbackHostHeader(host: string | undefined): boolean;
