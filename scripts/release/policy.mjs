// What a change means for this package, where api-smart-diff's own rules say otherwise. The differ
// judges a change by what goes over the wire; this package also ships the TypeScript types generated
// from the description, and a consumer's code that compiled must still compile after a minor (or, in
// 0.x, a patch) upgrade. Each rule below was found by a mutated bundle in test/release/ and names why.
// Kept small on purpose: anything the differ cannot classify is treated as breaking (see compare.mjs),
// so a missing rule costs a version number, never a silent break.
import { isDeepStrictEqual } from "node:util";
import { EMAIL_PATTERN, valueAt } from "../lib/openapi.mjs";

/** Keys whose values are documentation only: examples (validated by the linters and tests instead)
 *  and `x-` extensions (x-assumption, x-codeSamples…), which neither the types nor the client read. */
function isDocumentationKey(key) {
  return key === "example" || key === "examples" || (typeof key === "string" && key.startsWith("x-"));
}

/** The index of the first documentation key in the path, skipping property *names* (a schema may
 *  well have a property called `examples`). */
function documentationKeyAt(path) {
  return path.findIndex((key, i) => isDocumentationKey(key) && path[i - 1] !== "properties");
}

/** A differ path as a path into the bundle: the differ writes a `$ref` with keywords beside it (a
 *  oneOf branch with its title) as `allOf: [the $ref, the keywords]`, which the bundle does not have. */
function inBundle(path, document) {
  const found = [];
  for (let i = 0; i < path.length; i++) {
    if (path[i] === "allOf" && valueAt(document, [...found, "allOf"]) === undefined)
      i++; // skip "allOf", 0
    else found.push(path[i]);
  }
  return found;
}

/** A schema without what changes no value sent or received: description, deprecated, examples, x- extensions. */
function withoutDocumentation(schema) {
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).filter(([key]) => key !== "description" && key !== "deprecated" && !isDocumentationKey(key)),
  );
}

const inResponse = (path) => path.includes("responses");
const inRequest = (path) => path.includes("requestBody") || path.includes("parameters");
const asTypes = (type) => (Array.isArray(type) ? type : type === undefined ? [] : [type]);

/**
 * The rules, in order; the first that matches decides. Each gets the differ's diff ({ path, action,
 * before, after, type }) and both documents, and returns { type, reason } or nothing.
 */
const RULES = [
  function documentationOnly(diff) {
    if (documentationKeyAt(diff.path) >= 0) return { type: "annotation", reason: "examples and x- extensions are documentation" };
  },
  function operationIdChanged(diff) {
    // The package exports `operations`, keyed by operationId: code naming the old id no longer compiles.
    if (diff.path[0] === "paths" && diff.path.length === 4 && diff.path[3] === "operationId") {
      return { type: "breaking", reason: "the package's `operations` type is keyed by operationId" };
    }
  },
  function pathRenamed(diff) {
    // The differ sees a renamed path template (`{group_id}` → `{id}`) as the same endpoint, which it
    // is on the wire; but the client is called with the template and its parameter names.
    if (diff.action === "rename" && diff.path.length === 1 && diff.path[0] === "paths") {
      return { type: "breaking", reason: "the client is called with the path template and its parameter names" };
    }
  },
  function responseEnumValueRemoved(diff) {
    // Harmless on the wire, but the generated type loses the literal: `ownership === "external"`
    // stops compiling (TS2367).
    if (inResponse(diff.path) && diff.action === "remove" && diff.path.at(-2) === "enum") {
      return { type: "breaking", reason: "the generated type loses the literal, and comparisons with it stop compiling" };
    }
  },
  function responseTypeWidened(diff, before) {
    // The differ calls any `type` replacement in a response non-breaking; one that admits a new type
    // (`string` → `[string, "null"]`) hands consumers values their code does not handle.
    if (inResponse(diff.path) && diff.action === "replace" && diff.path.at(-1) === "type") {
      const old = asTypes(diff.before ?? valueAt(before, diff.path));
      const added = asTypes(diff.after).filter((type) => !old.includes(type));
      if (added.length > 0) return { type: "breaking", reason: `responses may now carry ${added.join(", ")}` };
    }
  },
  function emailRuleSpeltOut(diff, before, after) {
    // The differ calls a pattern added to a request breaking. Beside `format: email`, the email rule
    // (EMAIL_PATTERN) refuses exactly what every validator of this project refused already for the
    // format: no request changes its answer (x-assumptions: email-address).
    if (diff.action !== "add" || diff.path.at(-1) !== "pattern" || diff.after !== EMAIL_PATTERN) return;
    const at = inBundle(diff.path.slice(0, -1), after);
    if (valueAt(before, [...at, "format"]) === "email" && valueAt(after, [...at, "format"]) === "email")
      return { type: "non-breaking", reason: "it spells out the rule the validators already asserted for `format: email`" };
  },
  function referenceInlined(diff, before, after) {
    // A property that was a `$ref` (with its own description beside it) and is now that same schema
    // written inline: the differ reports the reference's allOf removed and each keyword added, but
    // nothing a request may send or a response may carry has changed, nor has the property's type.
    const at = diff.path.lastIndexOf("properties");
    if (at < 0 || at + 1 >= diff.path.length) return;
    const property = diff.path.slice(0, at + 2);
    const was = valueAt(before, inBundle(property, before));
    const is = valueAt(after, inBundle(property, after));
    const written = valueAt(after, inBundle(property, after).slice(0, -1))?.[property.at(-1)];
    if (!was || !is || written?.$ref !== undefined || !isDeepStrictEqual(withoutDocumentation(was), withoutDocumentation(is))) return;
    return { type: "annotation", reason: "a shared schema written inline, unchanged" };
  },
  function requestEnumIntroduced(diff, before) {
    // A request value that was free and is now restricted to an enum: the differ sees only values
    // being added to an enum, which would widen one that existed.
    if (
      inRequest(diff.path) &&
      diff.action === "add" &&
      diff.path.at(-2) === "enum" &&
      valueAt(before, diff.path.slice(0, -1)) === undefined
    ) {
      return { type: "breaking", reason: "a request value that was free is now restricted to an enum" };
    }
  },
];

/** The classification of one differ diff for this package: { type, reason? }. */
export function classify(diff, before, after) {
  for (const rule of RULES) {
    const decided = rule(diff, before, after);
    if (decided) return decided;
  }
  return { type: diff.type };
}
