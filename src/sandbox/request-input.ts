// Reads a request's parameters and JSON body and checks them against the description, with the
// validators scripts/build-sandbox.mjs compiles from the bundle: nothing here knows a field's rules.
import type { DescribedOperation } from "./description.js";
import { fieldErrors } from "./field-errors.js";
import { ProblemError, type FieldError } from "./problem.js";
import * as validators from "./request-validators.js";

/** A request's input once valid: parameters converted to their schema's type, defaults filled in. */
export interface RequestInput {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** Parameters arrive as text; a numeric one is converted only when the text is a plain decimal number, so
 * "ten", "" or " 5" stay strings and the schema rejects them as "must be integer". */
function convert(text: string, type: string | undefined): unknown {
  if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (type === "boolean" && (text === "true" || text === "false")) return text === "true";
  return text;
}

/** Throws ProblemError 400 naming every rejected value; otherwise the converted input. */
export async function readInput(request: Request, operation: DescribedOperation, pathValues: Record<string, string>): Promise<RequestInput> {
  const url = new URL(request.url);
  const input: RequestInput = { path: {}, query: {}, body: undefined };
  for (const parameter of operation.parameters) {
    if (parameter.in === "path") {
      const raw = pathValues[parameter.name];
      if (raw !== undefined) input.path[parameter.name] = convert(safeDecode(raw), parameter.type);
    } else if (parameter.in === "query") {
      const raw = url.searchParams.get(parameter.name);
      if (raw !== null) input.query[parameter.name] = convert(raw, parameter.type);
      else if (parameter.default !== undefined) input.query[parameter.name] = parameter.default;
    }
  }
  if (operation.hasBody) {
    const body = await readJsonBody(request);
    if ("error" in body) throw invalid([body.error]);
    input.body = body.value;
  }
  const validate = validators[operation.operationId];
  // No body is no `body` property, so that the schema's `required` names it.
  const { body, ...parameters } = input;
  if (!validate(body === undefined ? parameters : input)) throw invalid(fieldErrors(validate.errors ?? []));
  return input;
}

/** The body parsed as JSON; an empty body is "no body" (undefined), which the schema may require. */
async function readJsonBody(request: Request): Promise<{ value: unknown } | { error: FieldError }> {
  const text = await request.text();
  if (text.trim() === "") return { value: undefined };
  const type = request.headers.get("content-type") ?? "";
  if (type !== "" && !/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type)) {
    return { error: { pointer: "", detail: `the body must be sent as application/json, not ${type.split(";")[0]}` } };
  }
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: { pointer: "", detail: "the body is not valid JSON" } };
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape stays as sent, and fails the schema as text
  }
}

function invalid(errors: FieldError[]): ProblemError {
  const summary = errors.map((e) => (e.pointer ? `${e.pointer} ${e.detail}` : e.detail)).join("; ");
  return new ProblemError(400, `The request is invalid: ${summary}.`, errors);
}
