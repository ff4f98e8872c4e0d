// Generates the code samples of the rendered reference (`x-codeSamples`): for every operation a curl
// command and a TypeScript snippet that uses this package's client. They are computed from the
// operation itself — path, method, the parameters' examples, the request body's first example and the
// success response's schema — so they change with the description and are never copied by hand.
// The TypeScript samples are compiled against the client in the tests (test/docs/code-samples.test.ts).
//
// Expects a bundled document (every $ref local, "#/…"), which is what the docs build decorates.

import {
  assumedKeywords,
  operations,
  parameterExample,
  requestBodyExamples,
  requestBodySchema,
  resolveRef as resolve,
  successResponse,
} from "../../scripts/lib/openapi.mjs";

/** True when a sample need not send the parameter: the value is what the service assumes anyway. */
function isDefault(document, parameter, value) {
  const schema = resolve(document, parameter.schema ?? {});
  return schema.default !== undefined && JSON.stringify(schema.default) === JSON.stringify(value);
}

/** The JSON request bodies of an operation (the toolkit's requestBodyExamples); one it takes needs an example. */
function requestBodies(document, operation) {
  const bodies = requestBodyExamples(document, operation);
  if (requestBodySchema(document, operation) && bodies.length === 0) {
    throw new Error("code-samples: a JSON request body without an example cannot get a realistic sample");
  }
  return bodies;
}

/** Everything a sample needs to know about one operation (one of the toolkit's `operations`), computed once for both languages. */
export function describeOperation(document, { path, method, operation, parameters }) {
  const byLocation = (location) => parameters.filter((p) => p.in === location);
  const query = byLocation("query");
  const success = successResponse(document, operation);
  if (!success) throw new Error(`code-samples: ${method.toUpperCase()} ${path} has no 2xx response`);
  return {
    path,
    method,
    operationId: operation.operationId,
    pathParameters: byLocation("path").map((p) => ({ name: p.name, value: parameterExample(document, p) })),
    // Only what a reader would send: no parameter without an example, none whose value is its default.
    queryParameters: query
      .map((p) => ({ name: p.name, value: parameterExample(document, p), parameter: p }))
      .filter(({ value, parameter }) => value !== undefined && !isDefault(document, parameter, value))
      .map(({ name, value }) => ({ name, value })),
    // offset/limit pagination is what the package's paginate() helper follows.
    paginated: query.some((p) => p.name === "offset") && query.some((p) => p.name === "limit"),
    bodies: requestBodies(document, operation),
    bodySchemaName: schemaName(requestBodySchema(document, operation)),
    successCode: String(success.status),
    responseSchema: success.schema,
    // A body the service does not document (its schema is an assumption) may be empty: typed `| undefined`.
    responseMayBeEmpty: assumedKeywords(success.response.content?.["application/json"]).includes("schema"),
  };
}

// ---- curl ------------------------------------------------------------------------------------------

/** The base URL of every sample: one environment variable, `$PCS_BASE_URL` (the server URL it stands for is in the guide). */
const baseUrlVariable = (envPrefix) => `${envPrefix}_BASE_URL`;

function shellSingleQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function json(value) {
  const compact = JSON.stringify(value);
  return compact.length <= 60 ? compact : JSON.stringify(value, null, 2);
}

export function curlSample(_document, described, { envPrefix }) {
  let url = `$${baseUrlVariable(envPrefix)}` + described.path;
  for (const { name, value } of described.pathParameters) url = url.replace(`{${name}}`, encodeURIComponent(String(value)));
  if (described.queryParameters.length) {
    url += "?" + described.queryParameters.map(({ name, value }) => `${name}=${encodeURIComponent(String(value))}`).join("&");
  }
  const command = (body) => {
    // The colon after the key: HTTP Basic with the API key as user name and an empty password.
    const lines = [`curl -u "$${envPrefix}_API_KEY:"${described.method === "get" ? "" : ` -X ${described.method.toUpperCase()}`}`];
    if (body !== undefined) {
      // A multi-line body is indented under its -d so the command reads as one block.
      lines.push(`-H "Content-Type: application/json"`, `-d ${shellSingleQuote(json(body)).replace(/\n/g, "\n  ")}`);
    }
    lines.push(`"${url}"`);
    return lines.join(" \\\n  ");
  };
  if (described.bodies.length === 0) return command(undefined);
  if (described.bodies.length === 1) return command(described.bodies[0].value);
  // One command per named example, each under its summary.
  return described.bodies.map(({ key, summary, value }) => `# ${summary ?? key}\n${command(value)}`).join("\n\n");
}

// ---- TypeScript ------------------------------------------------------------------------------------

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A TypeScript object literal, indented like a formatter would (keys unquoted when they can be). */
export function tsLiteral(value, indent = "") {
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const inner = indent + "  ";
    return `[\n${value.map((item) => inner + tsLiteral(item, inner)).join(",\n")},\n${indent}]`;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const key = (k) => (IDENTIFIER.test(k) ? k : JSON.stringify(k));
    const oneLine = `{ ${entries.map(([k, v]) => `${key(k)}: ${tsLiteral(v, indent)}`).join(", ")} }`;
    if (!oneLine.includes("\n") && indent.length + oneLine.length <= 80) return oneLine;
    const inner = indent + "  ";
    return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${tsLiteral(v, inner)}`).join(",\n")},\n${indent}}`;
  }
  return JSON.stringify(value);
}

function lowerCamel(name) {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

function schemaName(schema) {
  return schema?.$ref?.match(/^#\/components\/schemas\/(.+)$/)?.[1];
}

/** The properties of a schema, through allOf, so a sample can print a meaningful one. */
function propertyNames(document, schema, depth = 0) {
  const resolved = resolve(document, schema ?? {});
  const own = Object.keys(resolved.properties ?? {});
  const inherited = depth < 5 ? (resolved.allOf ?? []).flatMap((part) => propertyNames(document, part, depth + 1)) : [];
  return [...own, ...inherited];
}

/** `project.id, project.title`: the id and the most human field a reader would print. */
function printedFields(document, variable, schema, mayBeEmpty = false) {
  const names = propertyNames(document, schema);
  const label = ["title", "name", "email", "created"].find((name) => names.includes(name));
  return [names.includes("id") ? "id" : undefined, label].filter(Boolean).map((name) => `${variable}${mayBeEmpty ? "?." : "."}${name}`);
}

/** An object literal with its top level always broken over lines, the way a formatter prints call arguments. */
function expandedLiteral(value, indent) {
  const inner = indent + "  ";
  const key = (k) => (IDENTIFIER.test(k) ? k : JSON.stringify(k));
  return `{\n${Object.entries(value)
    .map(([k, v]) => `${inner}${key(k)}: ${tsLiteral(v, inner)},`)
    .join("\n")}\n${indent}}`;
}

/** The first line of every TypeScript sample: where `client` comes from. */
export const CLIENT_NOTE = "// `client`: the one set up in Getting started.";

export function typescriptSample(document, described, { packageName }) {
  const pathInit = described.pathParameters.length
    ? { params: { path: Object.fromEntries(described.pathParameters.map(({ name, value }) => [name, value])) } }
    : {};
  const schema = described.responseSchema;
  const itemSchema = schema?.type === "array" ? schema.items : undefined;
  const usePaginate = described.method === "get" && described.paginated && itemSchema !== undefined;
  const lines = [`import { ${usePaginate ? "paginate" : "unwrap"} } from ${JSON.stringify(packageName)};`, CLIENT_NOTE, ""];
  const pathLiteral = JSON.stringify(described.path);

  if (usePaginate) {
    const hasInit = Object.keys(pathInit).length > 0;
    const item = lowerCamel(schemaName(itemSchema) ?? "item");
    lines.push(
      "// Every item of every page: paginate() follows offset and limit.",
      `for await (const ${item} of paginate(client, ${pathLiteral}${hasInit ? `, ${expandedLiteral(pathInit, "")}` : ""})) {`,
      `  console.log(${printedFields(document, item, itemSchema).join(", ")});`,
      "}",
    );
    return lines.join("\n");
  }

  // `unwrap(await client.GET(path, init))`, on one line when it fits, else broken like a formatter would.
  const method = described.method.toUpperCase();
  const unwrapped = (init, assignTo) => {
    const hasInit = Object.keys(init).length > 0;
    const head = assignTo ? `const ${assignTo} = ` : "";
    const oneLine = `${head}unwrap(await client.${method}(${pathLiteral}${hasInit ? `, ${tsLiteral(init, "")}` : ""}));`;
    if (!oneLine.includes("\n") && oneLine.length <= 100) return oneLine;
    return `${head}unwrap(\n  await client.${method}(${pathLiteral}${hasInit ? `, ${expandedLiteral(init, "  ")}` : ""}),\n);`;
  };
  // One call per request example (a body-less operation has one call).
  const bodies = described.bodies.length ? described.bodies : [undefined];
  const many = bodies.length > 1;
  bodies.forEach((body, i) => {
    const init = body ? { ...pathInit, body: body.value } : pathInit;
    // The name of a variable of the i-th call: `projectUser`, `projectUserById` for example ProjectUserAddById.
    const suffix = (name) => {
      if (!many) return name;
      const rest =
        described.bodySchemaName && body.key?.startsWith(described.bodySchemaName) ? body.key.slice(described.bodySchemaName.length) : "";
      return IDENTIFIER.test(rest) && rest ? name + rest : `${name}${i + 1}`;
    };
    if (i > 0) lines.push("");
    if (many) lines.push(`// ${body.summary ?? body.key}`);
    if (!schema) {
      if (i === 0) lines.push(`// unwrap() throws an ApiError unless the answer is ${described.successCode}.`);
      lines.push(unwrapped(init));
    } else if (itemSchema) {
      const item = lowerCamel(schemaName(itemSchema) ?? "item");
      lines.push(
        unwrapped(init, suffix(`${item}s`)),
        `for (const ${item} of ${suffix(`${item}s`)}) console.log(${printedFields(document, item, itemSchema).join(", ")});`,
      );
    } else {
      const variable = suffix(lowerCamel(schemaName(schema) ?? "result"));
      const printed = printedFields(document, variable, schema, described.responseMayBeEmpty);
      if (i === 0) lines.push("// unwrap() returns the body or throws an ApiError.");
      lines.push(unwrapped(init, variable), `console.log(${printed.length ? printed.join(", ") : variable});`);
    }
  });
  return lines.join("\n");
}

/** Adds x-codeSamples to every operation of a bundled document (in place). */
export function addCodeSamples(document, options) {
  for (const entry of operations(document)) {
    const described = describeOperation(document, entry);
    entry.operation["x-codeSamples"] = [
      { lang: "Shell", label: "curl", source: curlSample(document, described, options) },
      { lang: "TypeScript", label: "TypeScript", source: typescriptSample(document, described, options) },
    ];
  }
}

/** The Redocly decorator: `docs/code-samples: { packageName, envPrefix }` in redocly.yaml. */
export function CodeSamples({ packageName, envPrefix }) {
  if (!packageName || !envPrefix) throw new Error("docs/code-samples needs the options packageName and envPrefix");
  return {
    Root: {
      leave(document) {
        addCodeSamples(document, { packageName, envPrefix });
      },
    },
  };
}
