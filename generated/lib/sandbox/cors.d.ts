export interface CorsOptions {
    /** Origins allowed besides the loopback ones, exactly as browsers send them ("https://app.example"), or "*". */
    origins?: readonly string[];
    /** Allow `Origin: null` (the reference opened from disk). Default true. */
    nullOrigin?: boolean;
}
export declare function corsAllows(origin: string, { origins, nullOrigin }?: CorsOptions): boolean;
/** The answer to an allowed preflight: the methods and headers of this API. */
export declare const PREFLIGHT_HEADERS: Readonly<Record<string, string>>;
export declare function refusedOriginDetail(origin: string): string;
