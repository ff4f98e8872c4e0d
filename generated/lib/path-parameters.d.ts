export declare class PathParameterError extends TypeError {
    readonly name = "PathParameterError";
}
/** openapi-fetch's `pathSerializer`: fills `{name}` in `pathname` from `parameters`. A scan rather than a
 * regular expression with a replacer: it runs on every call. */
export declare function serializePathParameters(pathname: string, parameters: Record<string, unknown> | undefined): string;
