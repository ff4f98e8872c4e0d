export interface CorsOptions {
    /** Origins allowed besides the loopback ones, exactly as browsers send them ("https://app.example"), or "*". */
    origins?: readonly string[];
    /** Allow `Origin: null`: the reference opened from disk, and any site's sandboxed iframe. Default false. */
    nullOrigin?: boolean;
}
export declare function corsAllows(origin: string, { origins, nullOrigin }?: CorsOptions): boolean;
/** The answer to an allowed preflight: the methods and headers of this API. */
export declare const PREFLIGHT_HEADERS: Readonly<Record<string, string>>;
export declare function refusedOriginDetail(origin: string): string;
/** Why `origin` cannot be allowed by --cors-origin, or undefined when it can: an origin exactly as a
 * browser sends it (http or https, host, port unless the default; no path), or "*". */
export declare function corsOriginProblem(origin: string): string | undefined;
