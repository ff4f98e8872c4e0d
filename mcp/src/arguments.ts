// A tool call's arguments: checked against the tool's input schema and its body's own schema, then
// taken apart into the path parameters, query parameters and body the service takes.
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { OperationTool } from "./operations.js";

// ajv-formats is CommonJS: its default export arrives as the module object under NodeNext.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as AddFormats;

// strict: false, because the description's schemas carry annotations (examples, format int32…) that
// Ajv's strict mode would refuse; allErrors, so one answer names every problem.
/** The one Ajv of this package: tool inputs and outputs are checked with it. */
export const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

const compiled = new WeakMap<object, ValidateFunction>();
function validatorOf(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  return validate;
}

export interface Request {
  params: { path: Record<string, unknown>; query: Record<string, unknown> };
  body?: unknown;
}

/** One line per problem, e.g. "name: must NOT have more than 255 characters". */
function describe(errors: ErrorObject[] | null | undefined, prefix = ""): string[] {
  return (errors ?? []).map((error) => {
    const where = [prefix, error.instancePath.slice(1).replaceAll("/", ".")].filter(Boolean).join(".") || "(arguments)";
    const extra = error.keyword === "additionalProperties" ? ` (${String(error.params.additionalProperty)})` : "";
    return `${where}: ${error.message ?? error.keyword}${extra}`;
  });
}

/** The request to send, or the reasons the arguments are refused. */
export function toRequest(tool: OperationTool, args: Record<string, unknown>): { request: Request } | { problems: string[] } {
  const validate = validatorOf(tool.inputSchema);
  if (!validate(args)) return { problems: describe(validate.errors) };

  const request: Request = { params: { path: {}, query: {} } };
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (tool.pathParameters.includes(name)) request.params.path[name] = value;
    else if (tool.queryParameters.includes(name)) request.params.query[name] = value;
    else body[name] = value;
  }
  if (tool.body && (tool.body.required || Object.keys(body).length > 0)) {
    // Rules across the body's properties ("at least one", "exactly one of") that the flat input
    // schema cannot state.
    const validateBody = validatorOf(tool.body.schema);
    if (!validateBody(body)) {
      const rule = typeof tool.body.schema.description === "string" ? [`the body's rule: ${tool.body.schema.description}`] : [];
      return { problems: [...describe(validateBody.errors, "body"), ...rule] };
    }
    request.body = body;
  }
  return { request };
}
