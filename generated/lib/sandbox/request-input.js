import { fieldErrors } from "./field-errors.js";
import { MAX_BODY_BYTES } from "./limits.js";
import { ProblemError } from "./problem.js";
import * as validators from "./request-validators.js";
/** Parameters arrive as text; a numeric one is converted only when the text is a plain decimal number, so
 * "ten", "" or " 5" stay strings and the schema rejects them as "must be integer". */
function convert(text, type) {
    if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?$/.test(text))
        return Number(text);
    if (type === "boolean" && (text === "true" || text === "false"))
        return text === "true";
    return text;
}
/** Throws ProblemError 400 naming every rejected value; otherwise the converted input. */
export async function readInput(request, operation, pathValues) {
    const url = new URL(request.url);
    const input = { path: {}, query: {}, body: undefined };
    for (const parameter of operation.parameters) {
        if (parameter.in === "path") {
            const raw = pathValues[parameter.name];
            if (raw !== undefined)
                input.path[parameter.name] = convert(safeDecode(raw), parameter.type);
        }
        else if (parameter.in === "query") {
            const raw = url.searchParams.get(parameter.name);
            if (raw !== null)
                input.query[parameter.name] = convert(raw, parameter.type);
            else if (parameter.default !== undefined)
                input.query[parameter.name] = parameter.default;
        }
    }
    if (operation.hasBody) {
        const body = await readJsonBody(request);
        if ("error" in body)
            throw invalid([body.error]);
        input.body = body.value;
    }
    const validate = validators[operation.operationId];
    // No body is no `body` property, so that the schema's `required` names it.
    const { body, ...parameters } = input;
    if (!validate(body === undefined ? parameters : input))
        throw invalid(fieldErrors(validate.errors ?? []));
    return input;
}
export { MAX_BODY_BYTES };
/** The body parsed as JSON; an empty body is "no body" (undefined), which the schema may require. A body
 * without Content-Type is refused like one of another type: Prism's proxy forwards it as text. */
async function readJsonBody(request) {
    const text = await readText(request);
    if (text.trim() === "")
        return { value: undefined };
    const type = request.headers.get("content-type") ?? "";
    if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type)) {
        return {
            error: {
                pointer: "",
                detail: type === ""
                    ? "the body must be sent as application/json (no Content-Type was sent)"
                    : `the body must be sent as application/json, not ${type.split(";")[0]}`,
            },
        };
    }
    try {
        return { value: JSON.parse(text) };
    }
    catch {
        return { error: { pointer: "", detail: "the body is not valid JSON" } };
    }
}
/** The body as UTF-8 text, read at most MAX_BODY_BYTES far (413), refused when it is not UTF-8 (400) or
 * cannot be read (400: the client's stream failed). Rejects with the signal's reason as soon as the
 * caller aborts, cancelling the body. */
async function readText(request) {
    if (!request.body)
        return "";
    if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES)
        throw tooLarge();
    const reader = request.body.getReader();
    const { signal } = request;
    const aborted = new Promise((_, reject) => {
        const onAbort = () => reject(signal.reason);
        if (signal.aborted)
            onAbort();
        else
            signal.addEventListener("abort", onAbort, { once: true });
    });
    aborted.catch(() => { }); // observed below; never an unhandled rejection
    const chunks = [];
    let size = 0;
    try {
        for (;;) {
            let next;
            try {
                next = await Promise.race([reader.read(), aborted]);
            }
            catch (error) {
                if (signal.aborted)
                    throw error;
                throw new ProblemError(400, "The request body could not be read: the client's stream failed.");
            }
            if (next.done)
                break;
            size += next.value.byteLength;
            if (size > MAX_BODY_BYTES)
                throw tooLarge();
            chunks.push(next.value);
        }
    }
    catch (error) {
        reader.cancel(error).catch(() => { });
        throw error;
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
    }
    try {
        return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    }
    catch {
        throw invalid([{ pointer: "", detail: "the body is not valid UTF-8" }]);
    }
}
function tooLarge() {
    return new ProblemError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
}
function safeDecode(segment) {
    try {
        return decodeURIComponent(segment);
    }
    catch {
        return segment; // a malformed escape stays as sent, and fails the schema as text
    }
}
function invalid(errors) {
    const summary = errors.map((e) => (e.pointer ? `${e.pointer} ${e.detail}` : e.detail)).join("; ");
    // Whether the interface itself refuses this input (a documented limit) is the checker's to tell, from
    // the documented-only description; the 400 is the description's choice.
    return new ProblemError(400, `The request is invalid: ${summary}.`, errors, {
        assumptions: ["invalid-input-400"],
        status: ["invalid-input-400"],
    });
}
