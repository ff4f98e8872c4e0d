/** RFC 6901: "~" and "/" inside a property name are escaped. */
const escapeToken = (name) => name.replace(/~/g, "~0").replace(/\//g, "~1");
export function fieldErrors(errors) {
    const seen = new Set();
    const found = [];
    for (const error of errors) {
        const field = describe(error);
        const key = `${field.pointer}\u0000${field.detail}`;
        if (!seen.has(key)) {
            seen.add(key);
            found.push(field);
        }
    }
    return found;
}
function describe(error) {
    let path = error.instancePath;
    let detail = error.message ?? error.keyword;
    // Ajv reports a missing or unknown property on the object holding it: name the property itself.
    if (error.keyword === "required") {
        path += `/${escapeToken(String(error.params.missingProperty))}`;
        detail = "is required";
    }
    else if (error.keyword === "additionalProperties") {
        path += `/${escapeToken(String(error.params.additionalProperty))}`;
        detail = "is not a property this request accepts";
    }
    else if (error.keyword === "minProperties") {
        detail = `must hold at least ${String(error.params.limit)} propert${error.params.limit === 1 ? "y" : "ies"}`;
    }
    else if (error.keyword === "oneOf") {
        detail = "must match exactly one of the accepted forms (the other errors say why each form was not met)";
    }
    // The body as a whole (e.g. an array where an object is expected, or no body at all): pointer "".
    if (path === "/body")
        return { pointer: "", detail: `the body ${detail}` };
    if (path.startsWith("/body/"))
        return { pointer: path.slice("/body".length), detail };
    // A parameter: "/query/limit" or "/path/project_id" → its name.
    const parameter = /^\/(?:query|path)\/(.+)$/.exec(path);
    if (parameter)
        return { pointer: parameter[1].replace(/~1/g, "/").replace(/~0/g, "~"), detail };
    return { pointer: "", detail };
}
