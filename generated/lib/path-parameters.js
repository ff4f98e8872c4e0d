// Path parameters become exactly one encoded path segment each, or the call is refused before anything
// is sent. openapi-fetch's own serializer spreads an object's keys into the path unencoded and passes
// the value to String.replace as a pattern, so untyped JavaScript that forwards JSON could steer a call
// to another operation ({"../projects/48213.json#": ""} as a project id turns a user's removal into a
// project's deletion). Here a value must be a string or a finite number, not empty, not "." or "..",
// and is percent-encoded whole; the replacement is a function, so nothing in it is read as a pattern.
export class PathParameterError extends TypeError {
    name = "PathParameterError";
}
const describe = (value) => value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : typeof value;
/** openapi-fetch's `pathSerializer`: fills `{name}` in `pathname` from `parameters`. A scan rather than a
 * regular expression with a replacer: it runs on every call. */
export function serializePathParameters(pathname, parameters) {
    let filled = "";
    let copied = 0;
    let open = pathname.indexOf("{");
    while (open !== -1) {
        const close = pathname.indexOf("}", open + 1);
        if (close === -1)
            break;
        if (close === open + 1) {
            open = pathname.indexOf("{", close); // "{}" names nothing: kept as it is
            continue;
        }
        filled += pathname.slice(copied, open) + segment(pathname.slice(open + 1, close), parameters);
        copied = close + 1;
        open = pathname.indexOf("{", copied);
    }
    return filled + pathname.slice(copied);
}
/** One parameter's value as one encoded path segment, or a PathParameterError. */
function segment(name, parameters) {
    const value = parameters && Object.hasOwn(parameters, name) ? parameters[name] : undefined;
    if (typeof value === "number") {
        if (!Number.isFinite(value))
            throw new PathParameterError(`path parameter ${name} must be a finite number, not ${value}`);
        return encodeURIComponent(String(value));
    }
    if (typeof value !== "string")
        throw new PathParameterError(`path parameter ${name} must be a string or a number, not ${describe(value)}`);
    if (value === "" || value === "." || value === "..")
        throw new PathParameterError(`path parameter ${name} must not be ${value === "" ? "empty" : `"${value}"`}: it would change the path`);
    return encodeURIComponent(value);
}
