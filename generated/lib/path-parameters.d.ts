export declare class PathParameterError extends TypeError {
    readonly name = "PathParameterError";
}
/** openapi-fetch's `pathSerializer`: fills `{name}` in `pathname` from `parameters`. */
export declare function serializePathParameters(pathname: string, parameters: Record<string, unknown> | undefined): string;
