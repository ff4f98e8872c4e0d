/** RFC 6901: "~" and "/" inside a property name are escaped. */
const escapeToken = (name) => name.replace(/~/g, "~0").replace(/\//g, "~1");
export function fieldErrors(errors) {
    const seen = new Set();
    const found = [];
    // A value of the wrong type breaks its other rules too (1.5 is neither an integer nor an "int64"):
    // the type error alone says what is wrong.
    const wrongType = new Set(errors.filter((e) => e.keyword === "type").map((e) => e.instancePath));
    // A pattern beside a format that fails too (the email rule spells out `format: email`) adds only a long
    // regular expression to what the format's message says.
    const wrongFormat = new Set(errors.filter((e) => e.keyword === "format").map((e) => e.instancePath));
    const relevant = withoutMisfits(errors).filter((e) => (e.keyword === "type" || !wrongType.has(e.instancePath)) && !(e.keyword === "pattern" && wrongFormat.has(e.instancePath)));
    for (const error of relevant) {
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
/**
 * When no alternative of a oneOf matches, Ajv reports why each alternative failed. Some failed on
 * their shape (a property they require is missing, or one they do not know is there): for
 * `{ "email": "not-an-address" }` the by-id form says "/user is required" and "/email is not
 * accepted". When another alternative fitted the shape but rejected a value inside it ("/email must
 * match format email"), only that value error is the real reason, so the shape misfits of that oneOf
 * are left out. When every alternative misfits (`{}`, or both `user` and `email`), they are all kept.
 */
function withoutMisfits(errors) {
    const dropped = new Set();
    errors.forEach((error, index) => {
        if (error.keyword !== "oneOf")
            return;
        const at = error.instancePath;
        // Ajv lists a oneOf's branch errors just before the oneOf error itself.
        const branch = [];
        for (let i = index - 1; i >= 0 && (errors[i].instancePath === at || errors[i].instancePath.startsWith(`${at}/`)); i--)
            branch.push(errors[i]);
        const misfits = branch.filter((e) => e.instancePath === at && (e.keyword === "required" || e.keyword === "additionalProperties"));
        const valueErrors = branch.filter((e) => e.instancePath !== at);
        if (valueErrors.length > 0) {
            for (const misfit of misfits)
                dropped.add(misfit);
            dropped.add(error);
        }
    });
    return errors.filter((error) => !dropped.has(error));
}
