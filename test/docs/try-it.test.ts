// The description's side of the "Try it" console (openapi/plugins/try-it.js), read back from the page:
// every operation's description starts with its button, and the operations embedded for the console
// are every operation of the description, with path parameters and bodies prefilled from its examples.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { consoleOperations, tryItButton } from "../../openapi/plugins/try-it.js";
import { docsPage, renderedDefinition } from "../support/docs.js";
import { openapi, operations } from "../support/openapi.js";

const html = readFileSync(docsPage, "utf8");
const definition = renderedDefinition(html);
const embedded = JSON.parse(/<script type="application\/json" id="pcs-console-operations">(.*?)<\/script>/s.exec(html)![1]!);

describe("the Try it console's operations", () => {
  it("puts a Try it button first in every operation's description", () => {
    const without = operations(definition).filter((op) => !String(op.operation.description).startsWith(tryItButton(op.operationId)));
    expect(without.map((op) => op.operationId)).toEqual([]);
  });

  it("embeds every operation of the description, each once, as the decorated bundle gives them", () => {
    expect(embedded.map((o: { id: string }) => o.id).sort()).toEqual(
      operations(openapi)
        .map((op) => op.operationId)
        .sort(),
    );
    expect(embedded).toEqual(consoleOperations(definition));
  });

  it("prefills every path parameter and every request body from the description's examples", () => {
    for (const operation of embedded) {
      for (const parameter of operation.parameters.filter((p: { in: string }) => p.in === "path"))
        expect(parameter.value, `${operation.id} ${parameter.name}`).not.toBe("");
      const source = operations(openapi).find((op) => op.operationId === operation.id)!;
      expect(operation.bodies.length > 0, operation.id).toBe(Boolean(source.operation.requestBody));
      for (const body of operation.bodies) expect(() => JSON.parse(body.json)).not.toThrow();
    }
  });

  it("offers a body of several shapes as a choice (add a user: exactly one of user or email), each shape with its own example", () => {
    const add = embedded.find((o: { id: string }) => o.id === "addProjectUser");
    expect(add.choice.sentence).toBe("Exactly one of `user` or `email`");
    expect(add.choice.options.map((o: { title: string; fields: string[] }) => [o.title, o.fields])).toEqual([
      ["By user id", ["user"]],
      ["By email address", ["email"]],
    ]);
    for (const option of add.choice.options) expect(Object.keys(JSON.parse(add.bodies[option.body].json))).toEqual(option.fields);
    // The email shape says what it does: an address without an account becomes an administrator.
    expect(add.choice.options[1].note).toMatch(/full administrator access/);
    expect(embedded.filter((o: { choice?: unknown }) => o.choice).map((o: { id: string }) => o.id)).toEqual(["addProjectUser"]);
  });
});
