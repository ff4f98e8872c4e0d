// The interop matrix: every bundle the package ships passes the validators integrators load it into,
// with no error and no warning. Each validator gets its own copy (several of them dereference their
// input in place). The validators want Node 22 or later: they are interop tools (package.json here),
// installed and run by `npm run test:interop` (CI: on Node 24), not by the repository's npm ci.
import { readFileSync } from "node:fs";
import SwaggerParser from "@apidevtools/swagger-parser";
import { validate as readmeValidate } from "@readme/openapi-parser";
import { validate as scalarValidate } from "@scalar/openapi-parser";
import { describe, expect, it } from "vitest";
import { repoRoot, type Json } from "../../support/openapi.js";

// Scalar's strict document schema, loaded without its types: they are some 900 declaration files
// (TypeBox, type-fest) that would double the project's type-check for the one call below.
const untyped = (specifier: string): Promise<any> => import(specifier);
const { Value } = (await untyped("@scalar/typebox/value")) as {
  Value: { Errors(schema: unknown, value: unknown): Iterable<{ path: string; message: string }> };
};
const { OpenAPIDocumentSchema: ScalarStrictDocument } = await untyped("@scalar/workspace-store/schemas/v3.2/strict/openapi-document");

/** Every bundle the package exports, by file name under generated/. */
export const shippedBundles = ["openapi.json", "openapi.documented.json", "openapi.3.0.json"];

/** Each validator's complaints about a document: empty when it takes it cleanly. */
export const validators: Record<string, (doc: Json) => Promise<string[]>> = {
  "@apidevtools/swagger-parser": async (doc) => {
    try {
      await SwaggerParser.validate(doc);
      return [];
    } catch (error) {
      return [(error as Error).message];
    }
  },
  "@scalar/openapi-parser": async (doc) => {
    const result = await scalarValidate(doc);
    return [...(result.valid ? [] : ["not valid"]), ...(result.errors ?? []).map((e) => `${e.path ?? ""} ${e.message}`)];
  },
  "@readme/openapi-parser": async (doc) => {
    const result = await readmeValidate(doc);
    return [...(result.valid ? [] : ["not valid"]), ...("errors" in result ? result.errors : []), ...result.warnings].map((e) =>
      JSON.stringify(e),
    );
  },
  // What @scalar/api-reference checks a loaded document against (it logs "document validation errors").
  // The store adds the hash itself before checking, so a document is checked with one.
  "@scalar/workspace-store (strict schema)": async (doc) =>
    [...Value.Errors(ScalarStrictDocument, { ...doc, "x-scalar-original-document-hash": "set-by-the-store" })]
      .map((e) => `${e.path} ${e.message}`)
      .filter((complaint) => !SCALAR_UNTYPED_SCHEMA.includes(complaint)),
};

/** Scalar's strict schema rejects any Schema object without `type` (a bug: JSON Schema needs none). The
 * request body of adding a user keeps its `oneOf` untyped: `type: object` there would be equivalent, but
 * the release gate counts a type added to a request body as breaking. @scalar/api-reference itself fills
 * the type in before it checks (its coerce step), so its page shows no error for it. */
const SCALAR_UNTYPED_SCHEMA = ["/components/schemas/ProjectUserAdd Expected union value"];

const load = (file: string): Json => JSON.parse(readFileSync(`${repoRoot}generated/${file}`, "utf8"));

/** Scalar's strict schema is of 3.1/3.2 documents: the store upgrades a 3.0 one (its own code) first. */
const appliesTo = (name: string, file: string) => !(name.startsWith("@scalar/workspace-store") && file.includes(".3.0."));

describe.each(shippedBundles)("generated/%s", (file) => {
  it.each(Object.keys(validators).filter((name) => appliesTo(name, file)))("passes %s with no error or warning", async (name) => {
    expect(await validators[name]!(load(file))).toEqual([]);
  });
});

describe("each validator bites", () => {
  // An info object without its required title: every validator must reject it.
  const broken = () => {
    const doc = load("openapi.json");
    delete doc.info.title;
    return doc;
  };
  it.each(Object.keys(validators))("%s reports a broken document", async (name) => {
    expect((await validators[name]!(broken())).length).toBeGreaterThan(0);
  });
});
