// The `pcs` command table (cli/dist/commands.json, written by compile.mjs): one command per operation
// of the bundle, named the way people speak, with its flags and their rules, through the one OpenAPI
// toolkit, so `pcs` never reads the description at run time. An operation without a name in NAMES
// fails the build.
import { bodyChoice, choiceSentence, operations, requestBodySchema, resolveRef, successResponse } from "../lib/openapi.mjs";
import { factsText } from "./operation-facts-text.mjs";

/** operationId → "resource verb": the one place a command's name is chosen. */
export const NAMES = {
  listProjects: "projects list",
  createProject: "projects create",
  getProject: "projects get",
  updateProject: "projects update",
  deleteProject: "projects delete",
  listFiles: "files list",
  listCapturedUrls: "urls list",
  listCopy: "copy list",
  listCopyRevisions: "copy-revisions list",
  listProjectUsers: "project-users list",
  addProjectUser: "project-users add",
  removeProjectUser: "project-users remove",
  getOrganization: "organization get",
  updateOrganization: "organization update",
  listGroups: "groups list",
  getGroup: "groups get",
};

const kebab = (name) => name.replace(/_/g, "-");

/** The command table of `bundle`: { version, commands }. */
export function cliCommands(bundle) {
  const deref = (node) => resolveRef(bundle, node);

  /** What a value may be, for the flag's type check and its line in --help. */
  function valueRules(node) {
    const schema = deref(node ?? {});
    const type = [schema.type].flat().find((t) => t !== "null") ?? "string";
    const rules = [];
    if (schema.minLength !== undefined) rules.push(`at least ${schema.minLength} characters`);
    if (schema.maxLength !== undefined) rules.push(`at most ${schema.maxLength} characters`);
    if (schema.minimum !== undefined) rules.push(`minimum ${schema.minimum}`);
    if (schema.maximum !== undefined && schema.maximum < 2 ** 53 - 1) rules.push(`maximum ${schema.maximum}`);
    if (schema.default !== undefined) rules.push(`default ${schema.default}`);
    if (schema.format && !/^int/.test(schema.format)) rules.push(schema.format);
    return {
      type,
      ...(schema.minimum !== undefined && { minimum: schema.minimum }),
      ...(schema.maximum !== undefined && { maximum: schema.maximum }),
      ...(schema.default !== undefined && { default: schema.default }),
      rules: rules.join(", "),
      description: schema.description ?? "",
    };
  }

  /** A body's settable fields as flags: nested objects flattened (`address.country` → --address-country). */
  function bodyFlags(node, path = []) {
    const schema = deref(node ?? {});
    // Alternatives (add a user by id or by email): each flag is optional; the service says which is missing.
    if (schema.oneOf) return schema.oneOf.flatMap((branch) => bodyFlags(branch, path).map((flag) => ({ ...flag, required: false })));
    return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
      const resolved = deref(property);
      if (resolved.type === "object" && resolved.properties) return bodyFlags(resolved, [...path, name]);
      return [
        {
          flag: kebab([...path, name].join("-")),
          pointer: [...path, name],
          required: (schema.required ?? []).includes(name),
          ...valueRules(property),
        },
      ];
    });
  }

  const commands = operations(bundle).map((op) => {
    const name = NAMES[op.operationId];
    if (!name)
      throw new Error(
        `cli-commands: the operation ${op.operationId} has no command: give it a name in scripts/build/cli-commands.mjs (NAMES)`,
      );
    const o = op.operation;
    const bodySchema = requestBodySchema(bundle, o);
    const flags = bodyFlags(bodySchema);
    const facts = factsText(bundle, op, { nameOf: (operationId) => `pcs ${NAMES[operationId] ?? operationId}` });
    // A body that is one of several shapes, in flags: "exactly one of --user or --email".
    const choice = bodyChoice(bundle, bodySchema);
    const shapes =
      choice &&
      choiceSentence(choice, {
        name: (property) => `--${kebab(property)}`,
        shape: (alternative, names) => `${names} (${alternative.title ?? "a shape"})`,
        capital: true,
      });
    return {
      name,
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      summary: o.summary,
      description: o.description ?? "",
      positionals: op.parameters
        .filter((p) => p.in === "path")
        .map((p) => ({ name: p.name, ...valueRules(p.schema), description: p.description ?? "" })),
      query: op.parameters
        .filter((p) => p.in === "query")
        .map((p) => ({ flag: kebab(p.name), name: p.name, ...valueRules(p.schema), description: p.description ?? "" })),
      body: bodySchema
        ? {
            required: deref(o.requestBody).required === true,
            rules: deref(bodySchema).description ?? "",
            ...(shapes && { choice: `${shapes}, never both.` }),
            flags,
          }
        : undefined,
      // Who may call it, where its ids come from, each status's cause (the reference's facts, as text).
      who: facts.who,
      ids: facts.ids ?? [],
      statuses: facts.statuses,
      success: successResponse(bundle, o).status,
      paginated: op.parameters.some((p) => p.in === "query" && p.name === "limit"),
      destructive: op.method === "delete",
    };
  });
  const names = new Set(commands.map((c) => c.operationId));
  for (const id of Object.keys(NAMES))
    if (!names.has(id)) throw new Error(`cli-commands: NAMES names ${id}, which is not an operation of the description`);
  return { version: bundle.info.version, commands };
}
