/** True for localhost, *.localhost, 127.x.x.x and ::1 (bracketed or not). */
export declare function isLoopbackName(hostname: string): boolean;
/** A request's Host names this machine (what a server on loopback requires). */
export declare function isLoopbackHostHeader(host: string | undefined): boolean;
/** The one line a server on loopback answers a request addressed to another name with (403). */
export declare const FOREIGN_HOST_DETAIL = "This server answers requests addressed to this machine only (localhost, 127.0.0.1, [::1]): another Host is a page of another site whose name was pointed here.";
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
export declare function exposureWarning(host: string, what: string, { hostCheck, advice }?: ExposureOptions): string;
