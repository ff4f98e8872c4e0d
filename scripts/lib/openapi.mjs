// The OpenAPI toolkit: the few questions the build scripts, the docs plugins, the Spectral rules, the
// release tooling and the tests ask of the bundled description, each answered once.
//   loadBundle      the bundle (generated/openapi.json, every $ref local)
//   resolveRef      a local $ref followed to its value; inlineRefs a schema with every $ref replaced
//   operations      every operation, with its path item's and its own parameters merged and resolved
//   parameterExample, requestBodyExamples, requestBodySchema, successResponse
//                   what an operation's parameters and bodies look like, from the description
//   pathPattern     a path template as a regular expression and the names of its parameters
//   markedNodes     every node carrying an `x-assumption` marker; markerOf / assumedKeywords read one
//   operationFacts  who may call an operation, each status's cause, where its ids come from (x-…);
//                   operationFactsProblems what is missing; bodyChoice a body that is one of several shapes
//   createAjv       Ajv (JSON Schema 2020-12, formats) holding the whole document; rebaseRefs points a
//                   schema's local $refs into it; EMAIL_PATTERN the email rule its `email` format asserts
// Plain JavaScript, so Node runs it as is; its types are in openapi.d.mts for the TypeScript tests.
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";

// import.meta.url is read only inside functions: Spectral bundles its custom functions (which import
// this module) into CommonJS evaluated without __filename, which rollup's rewrite of import.meta.url
// needs, so a top-level use fails when the ruleset loads.

/** The bundle as plain JSON (a fresh copy each call). */
export function loadBundle(path = new URL("../../generated/openapi.json", import.meta.url)) {
  return JSON.parse(readFileSync(path, "utf8"));
}

// ---- $refs -------------------------------------------------------------------------------------

const unescapeToken = (token) => token.replace(/~1/g, "/").replace(/~0/g, "~");
export const escapeToken = (token) => String(token).replace(/~/g, "~0").replace(/\//g, "~1");

/** Follows local $refs ("#/components/…") from `node` until a value that is not a $ref. */
export function resolveRef(document, node) {
  let current = node;
  const seen = new Set();
  while (current && typeof current === "object" && typeof current.$ref === "string") {
    if (!current.$ref.startsWith("#/")) throw new Error(`only local $refs are supported, got ${current.$ref}`);
    if (seen.has(current.$ref)) throw new Error(`circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    current = current.$ref
      .slice(2)
      .split("/")
      .map(unescapeToken)
      .reduce((at, key) => at?.[key], document);
    if (current === undefined) throw new Error(`unresolvable $ref ${[...seen].pop()}`);
  }
  return current;
}

/** Keywords whose value is a map of names to schemas: the names are data. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);
/** Keywords whose value is instance data, copied as it is. */
const DATA = new Set(["examples", "example", "default", "const", "enum"]);

/**
 * A copy of `node` (a schema, parameter, response…) that stands alone: every local $ref replaced by
 * what it points to, a $ref's siblings (a `description`, say) overriding the target's. `omit(key)`
 * leaves keywords out (never a property name or data). A recursive schema cannot stand alone: throws.
 */
export function inlineRefs(document, node, omit = () => false, seen = []) {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(document, item, omit, seen));
  if (node === null || typeof node !== "object") return node;
  const { $ref, ...rest } = node;
  let base = {};
  if (typeof $ref === "string") {
    if (seen.includes($ref)) throw new Error(`recursive schema ${$ref} cannot be inlined`);
    base = inlineRefs(document, resolveRef(document, { $ref }), omit, [...seen, $ref]);
  }
  const own = Object.entries(rest)
    .filter(([key]) => !omit(key))
    .map(([key, value]) => {
      if (DATA.has(key)) return [key, value];
      if (SCHEMA_MAPS.has(key) && value !== null && typeof value === "object") {
        return [key, Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, inlineRefs(document, sub, omit, seen)]))];
      }
      return [key, inlineRefs(document, value, omit, seen)];
    });
  return { ...base, ...Object.fromEntries(own) };
}

/** Follows `path` (a list of keys) into `document`, resolving $refs on the way; undefined where nothing is. */
export function valueAt(document, path) {
  let node = document;
  for (const key of path) {
    node = resolveRef(document, node)?.[key];
    if (node === undefined) return undefined;
  }
  return resolveRef(document, node);
}

// ---- operations --------------------------------------------------------------------------------

/** The operation fields of an OpenAPI 3.1 path item. */
export const HTTP_METHODS = ["get", "post", "put", "patch", "delete", "head", "options", "trace"];
export const isHttpMethod = (key) => HTTP_METHODS.includes(String(key));

/**
 * Every operation: { method, path, operationId, operation, pathItem, parameters }. `parameters` are
 * the path item's and the operation's, $refs resolved, an operation's own replacing the path item's of
 * the same name and location (OpenAPI 3.1, Path Item Object).
 */
export function operations(document) {
  return Object.entries(document.paths ?? {}).flatMap(([path, pathItem]) =>
    HTTP_METHODS.filter((method) => pathItem[method]).map((method) => {
      const operation = pathItem[method];
      const merged = new Map();
      for (const raw of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
        const parameter = resolveRef(document, raw);
        merged.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      return { method, path, operationId: operation.operationId, operation, pathItem, parameters: [...merged.values()] };
    }),
  );
}

/** A parameter's example: its `example`, its first named example, its schema's first `examples`, its
 * schema's `example`, in that order; undefined when the description gives none. */
export function parameterExample(document, parameter) {
  if (parameter.example !== undefined) return parameter.example;
  const [named] = Object.values(parameter.examples ?? {});
  if (named) return resolveRef(document, named).value;
  const schema = resolveRef(document, parameter.schema ?? {});
  return schema.examples?.[0] ?? schema.example;
}

/** The JSON media type of an operation's request body, undefined when it takes none. */
const jsonRequest = (document, operation) =>
  operation.requestBody ? resolveRef(document, operation.requestBody).content?.["application/json"] : undefined;

/** The schema of an operation's JSON request body, undefined when it takes none. */
export const requestBodySchema = (document, operation) => jsonRequest(document, operation)?.schema;

/** An operation's JSON request body examples as [{ key, summary, value }]: its `example` (no key), else
 * each named example; [] when it takes no body or gives no example. */
export function requestBodyExamples(document, operation) {
  const media = jsonRequest(document, operation);
  if (!media) return [];
  if (media.example !== undefined) return [{ key: undefined, summary: undefined, value: media.example }];
  return Object.entries(media.examples ?? {}).map(([key, example]) => {
    const { summary, value } = resolveRef(document, example);
    return { key, summary, value };
  });
}

/** An operation's success response: the lowest 2xx status, the response ($ref resolved) and the schema
 * of its JSON body (undefined when it has none); undefined when no 2xx is described. */
export function successResponse(document, operation) {
  const status = Object.keys(operation.responses ?? {})
    .filter((code) => /^2\d\d$/.test(code))
    .sort()[0];
  if (status === undefined) return undefined;
  const response = resolveRef(document, operation.responses[status]);
  return { status: Number(status), response, schema: response.content?.["application/json"]?.schema };
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A path template as a regular expression's source, each parameter one segment captured in order:
 * "/projects/{project_id}.json" → { source: "/projects/([^/]+)\\.json", names: ["project_id"] }.
 * Unanchored, so that callers choose: the sandbox matches at the end of a URL, the guard a whole path.
 */
export function pathPattern(template) {
  const names = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return escapeRegExp(part);
      names.push(name);
      return "([^/]+)";
    })
    .join("");
  return { source, names };
}

// ---- assumption markers ------------------------------------------------------------------------
// The root's `x-assumptions` lists the description's assumptions (entry → { title, text }); every node
// one applies to is marked `x-assumption: { <entry>: [keywords it relaxes] }` (see openapi/README.md).

export const MARKER = "x-assumption";

/** A node's marker ({} when it has none): entry → the keywords it relaxes. */
export const markerOf = (node) => node?.[MARKER] ?? {};

/** The keywords a node's marker lists (every entry's), [] when it has none. */
export const assumedKeywords = (node) => Object.values(markerOf(node)).flat();

/**
 * Every node under `root` that has an `x-assumption` key, as { node, path, marker } (`path`: keys from
 * `root`; `marker`: the raw value, for checks of its shape), each node once. Examples are data and the
 * root's `x-assumptions` is the list itself, so neither is searched. With `document`, $refs are
 * followed into it (the markers that apply to a schema and everything it refers to).
 */
export function markedNodes(root, { document, path = [] } = {}) {
  const found = [];
  const seen = new Set();
  const visit = (node, at) => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (document && typeof node.$ref === "string") visit(resolveRef(document, node), at);
    if (Object.hasOwn(node, MARKER)) found.push({ node, path: at, marker: node[MARKER] });
    for (const [key, child] of Object.entries(node)) {
      if (key === MARKER || key === "x-assumptions" || key === "examples" || key === "example") continue;
      visit(child, [...at, key]);
    }
  };
  visit(root, path);
  return found;
}

// ---- what an operation says of itself ------------------------------------------------------------
// Three extensions on every operation (openapi/README.md), read here for every renderer (the reference,
// its Markdown, the MCP tools, `pcs --help`) and checked here for the Spectral rule pcs-operation-facts:
//   x-who-may-call   [{ rule, stated: "<the service's own words>" } or { rule, x-assumption: {…} }]
//   x-status-causes  { "<status>": "<cause>" or { cause, x-assumption } }, one per declared response,
//                    except where the shared response's own `x-status-cause` (same form) says it already
//   x-id-sources     { "<id parameter or body field>": { from: [operationId…], text } }, {} for none,
//                    except where the shared parameter's own `x-id-source` (same form) says it already

export const WHO_MAY_CALL = "x-who-may-call";
export const STATUS_CAUSES = "x-status-causes";
/** On a shared response (components/responses): the cause of its status wherever an operation gives none. */
export const STATUS_CAUSE = "x-status-cause";
export const ID_SOURCES = "x-id-sources";
/** On a shared parameter (components/parameters): where its id comes from wherever an operation says nothing. */
export const ID_SOURCE = "x-id-source";

/** Where an operation's ids come from, by name: its parameters' `x-id-source`, then its own
 * `x-id-sources` (which wins); {} when neither says anything. */
export function idSources(op) {
  const shared = Object.fromEntries(op.parameters.filter((p) => p[ID_SOURCE] !== undefined).map((p) => [p.name, p[ID_SOURCE]]));
  const own = op.operation[ID_SOURCES];
  return { ...shared, ...(own && typeof own === "object" && !Array.isArray(own) ? own : {}) };
}

/** The cause an operation gives a status it declares (a string or { cause, x-assumption }): its own in
 * `x-status-causes`, or else the shared response's `x-status-cause`; undefined when neither says. */
export function givenCause(document, operation, status) {
  return operation[STATUS_CAUSES]?.[status] ?? resolveRef(document, operation.responses?.[status])?.[STATUS_CAUSE];
}

/** The properties a schema gives its instances: its own, its allOf's and (for a body that is one of
 * several shapes) every alternative's, each $ref resolved. */
export function schemaProperties(document, node) {
  const schema = resolveRef(document, node ?? {});
  const branches = ["allOf", "oneOf", "anyOf"].flatMap((keyword) => schema[keyword] ?? []);
  return Object.assign({}, ...branches.map((branch) => schemaProperties(document, branch)), schema.properties ?? {});
}

/**
 * A body that is exactly one of several shapes (a `oneOf` of objects), as the renderers phrase it:
 * [{ title, description, required: [property names] }] per alternative; undefined for any other schema.
 */
export function bodyChoice(document, node) {
  const schema = resolveRef(document, node ?? {});
  if (!Array.isArray(schema.oneOf)) return undefined;
  return schema.oneOf.map((branch) => {
    const resolved = resolveRef(document, branch);
    return { title: resolved.title, description: resolved.description, required: [...(resolved.required ?? [])] };
  });
}

/**
 * "exactly one of `user` or `email`": the words every renderer uses for a bodyChoice. `name` writes a
 * property (as code by default; `pcs` writes its flag); `shape(alternative, names)` one alternative from
 * its names joined by "and" (as they are by default; `pcs` adds the title); `capital` starts a sentence.
 */
export function choiceSentence(
  choice,
  { name = (property) => `\`${property}\``, shape = (_alternative, names) => names, capital = false } = {},
) {
  const shapes = choice.map((alternative) => shape(alternative, alternative.required.map(name).join(" and ")));
  return `${capital ? "E" : "e"}xactly one of ${shapes.slice(0, -1).join(", ")} or ${shapes[shapes.length - 1]}`;
}

/** Whether a body property is an id whose source must be said: named `id` or `…_id`, or described as
 * the id of something (the add-user body's `user`). */
export const isIdProperty = (name, schema) => /^(.+_)?id$/.test(name) || /^(id|identifier) of\b/i.test(String(schema?.description ?? ""));

/** The inputs of an operation that are ids: its path parameters and its body's id fields. */
export function idInputs(document, op) {
  const body = Object.entries(schemaProperties(document, requestBodySchema(document, op.operation)))
    .filter(([name, schema]) => isIdProperty(name, resolveRef(document, schema)))
    .map(([name]) => ({ name, in: "body" }));
  return [...op.parameters.filter((p) => p.in === "path").map((p) => ({ name: p.name, in: "path" })), ...body];
}

/**
 * The three facts of one operation (an item of operations()), as the renderers need them:
 *   whoMayCall  [{ rule, stated, assumptions }] — `stated` the service's words, or `assumptions` the entries
 *   statuses    [{ status, cause, assumptions, statusAssumptions, allAssumptions }] in the order of
 *               `responses`, each status that has its cause; `assumptions`: the cause's own entries,
 *               `statusAssumptions`: the entries that make the status itself a choice (marked `status`),
 *               `allAssumptions`: both, each once (status first), for a renderer that labels them together
 *   ids         [{ name, in, from, text }] for each id the operation takes
 * Missing or malformed parts are left out here; operationFactsProblems says what is wrong.
 */
export function operationFacts(document, op) {
  const o = op.operation;
  const entries = (node) => Object.keys(markerOf(node));
  const whoMayCall = (Array.isArray(o[WHO_MAY_CALL]) ? o[WHO_MAY_CALL] : []).map((item) => ({
    rule: item?.rule,
    stated: item?.stated,
    assumptions: entries(item),
  }));
  const statuses = Object.entries(o.responses ?? {}).flatMap(([status, response]) => {
    const given = givenCause(document, o, status);
    const cause = typeof given === "string" ? given : given?.cause;
    if (typeof cause !== "string") return [];
    const marker = markerOf(resolveRef(document, response));
    const assumptions = typeof given === "object" ? entries(given) : [];
    // Only an entry listing `status` makes the status itself a choice (429, 500…); one marking the
    // response without keywords (404's `hidden-is-404`) or listing `content` (the problem body) leaves
    // a documented status documented: it is about the cause or the body, said where they are.
    const statusAssumptions = Object.keys(marker).filter((entry) => marker[entry].includes("status"));
    return {
      status,
      cause,
      assumptions,
      statusAssumptions,
      allAssumptions: [...new Set([...statusAssumptions, ...assumptions])],
    };
  });

  const sources = idSources(op);
  const ids = idInputs(document, op).map((input) => ({ ...input, from: sources[input.name]?.from ?? [], text: sources[input.name]?.text }));
  return { whoMayCall, statuses, ids };
}

/** Whether an operation's success body (or each item of it) has an `id` to take. */
function returnsIds(document, operation) {
  const schema = resolveRef(document, successResponse(document, operation)?.schema ?? {});
  const item = schema.type === "array" ? schema.items : schema;
  return "id" in schemaProperties(document, item);
}

/** Everything wrong with the three facts of every operation, as [{ path, message }] (Spectral's shape). */
export function operationFactsProblems(document) {
  const problems = [];
  const all = operations(document);
  const byId = new Map(all.map((op) => [op.operationId, op]));
  const isText = (value) => typeof value === "string" && value.trim() !== "";
  for (const op of all) {
    const o = op.operation;
    const at = ["paths", op.path, op.method];
    const problem = (path, message) => problems.push({ path: [...at, ...path], message: `${op.operationId}: ${message}` });

    const who = o[WHO_MAY_CALL];
    if (!Array.isArray(who) || who.length === 0) problem([], `needs \`${WHO_MAY_CALL}\`: a list of rules saying who may call it`);
    else
      who.forEach((item, i) => {
        if (!isText(item?.rule)) problem([WHO_MAY_CALL, i], "each rule needs its `rule` text");
        const stated = isText(item?.stated);
        const assumed = Object.keys(markerOf(item)).length > 0;
        if (stated === assumed)
          problem(
            [WHO_MAY_CALL, i],
            "each rule is either stated by the service (`stated`: its words) or an assumption (`x-assumption`), exactly one",
          );
      });

    const causes = o[STATUS_CAUSES];
    if (!causes || typeof causes !== "object" || Array.isArray(causes))
      problem([], `needs \`${STATUS_CAUSES}\`: each status and its cause`);
    else {
      for (const status of Object.keys(o.responses ?? {})) {
        const given = givenCause(document, o, status);
        if (!isText(typeof given === "object" ? given?.cause : given))
          problem(
            [STATUS_CAUSES],
            `status ${status} needs its cause in \`${STATUS_CAUSES}\` (or in its shared response's \`${STATUS_CAUSE}\`)`,
          );
        const shared = resolveRef(document, o.responses[status])?.[STATUS_CAUSE];
        if (shared !== undefined && JSON.stringify(causes[status]) === JSON.stringify(shared))
          problem([STATUS_CAUSES, status], `repeats the cause its shared response gives for ${status} (\`${STATUS_CAUSE}\`): leave it out`);
      }
      for (const status of Object.keys(causes))
        if (!Object.hasOwn(o.responses ?? {}, status))
          problem([STATUS_CAUSES, status], `gives a cause for ${status}, a status it does not declare`);
    }

    const own = o[ID_SOURCES];
    if (!own || typeof own !== "object" || Array.isArray(own))
      problem([], `needs \`${ID_SOURCES}\`: where each id it takes comes from ({} when it takes none)`);
    else {
      const sources = idSources(op);
      const inputs = idInputs(document, op).map((input) => input.name);
      for (const name of inputs)
        if (!sources[name])
          problem([ID_SOURCES], `the id \`${name}\` needs its source in \`${ID_SOURCES}\` (or in its shared parameter's \`${ID_SOURCE}\`)`);
      for (const parameter of op.parameters)
        if (parameter[ID_SOURCE] !== undefined && JSON.stringify(own[parameter.name]) === JSON.stringify(parameter[ID_SOURCE]))
          problem([ID_SOURCES, parameter.name], `repeats the source its shared parameter gives (\`${ID_SOURCE}\`): leave it out`);
      for (const [name, source] of Object.entries(sources)) {
        if (!inputs.includes(name)) problem([ID_SOURCES, name], `names \`${name}\`, which is no id it takes`);
        if (!isText(source?.text)) problem([ID_SOURCES, name], `the source of \`${name}\` needs its \`text\``);
        if (!Array.isArray(source?.from) || source.from.length === 0)
          problem([ID_SOURCES, name], `the source of \`${name}\` needs \`from\`: the operations that return it`);
        for (const from of Array.isArray(source?.from) ? source.from : []) {
          const giver = byId.get(from);
          if (!giver) problem([ID_SOURCES, name, "from"], `\`${from}\` is no operation of the description`);
          else if (!returnsIds(document, giver.operation))
            problem([ID_SOURCES, name, "from"], `\`${from}\` returns nothing with an \`id\``);
        }
      }
    }
  }
  return problems;
}

// ---- schema validation -------------------------------------------------------------------------

export const DOCUMENT_ID = "https://pcs.invalid/openapi.json";

/**
 * Ajv for JSON Schema 2020-12 with formats, holding `document` under DOCUMENT_ID so that schemas
 * compile with their $refs into it (pass them through rebaseRefs). allErrors: every failing field, not
 * only the first. strict: false because the document carries OpenAPI keywords that are not JSON Schema.
 * `options` adds to Ajv's (e.g. `code` for standalone code).
 */
export function createAjv(document, options = {}) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, ...options });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  return ajv;
}

/**
 * The email rule: ajv-formats' `email` (its full mode, with which every validator of this project — the
 * sandbox's, Prism's, the checker's, the MCP server's — asserts `format: email`), the letters' case spelt
 * out. The description writes it as the `pattern` beside every `format: email` (x-assumptions:
 * email-address), so that tools whose `email` differs (RFC 5321 allows `0@com`) apply it too.
 */
export const EMAIL_PATTERN = fullFormats.email.source.replaceAll("a-z", "A-Za-z");

/** A copy of `schema` whose local $refs ("#/…") point into the document createAjv added. */
export function rebaseRefs(schema) {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${DOCUMENT_ID}#/`));
}
