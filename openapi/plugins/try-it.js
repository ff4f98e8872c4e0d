// The rendered reference's "Try it" console, the description's side of it.
//
// Redoc has no request console and no per-operation component hook; what it does render is the raw
// HTML of an operation's Markdown description. So this decorator puts a "Try it" button at the top of
// every operation's description, and the page's template (scripts/docs-page/docs-template.hbs) carries the
// console (scripts/docs-page/console/), which answers clicks on these buttons and opens a dialog of its own
// outside Redoc's markup. consoleOperations() is what the console knows of each operation, computed
// from the same decorated bundle Redoc renders and embedded in the page by scripts/docs-page/build-docs.mjs.
import * as toolkit from "../../scripts/lib/openapi.mjs";

/** The button's markup. A <button>, so Redoc's Markdown keeps it as is and a keyboard reaches it. */
export const tryItButton = (operationId) =>
  `<button type="button" class="pcs-try-it" data-pcs-operation="${operationId}" aria-haspopup="dialog">Try it</button>`;

/** Every operation as the console shows it: parameters prefilled from their examples, the body from its examples. */
export function consoleOperations(document) {
  return toolkit.operations(document).map(({ method, path, operation, parameters }) => {
    return {
      id: operation.operationId,
      method: method.toUpperCase(),
      path,
      summary: operation.summary ?? operation.operationId,
      success: toolkit.successResponse(document, operation)?.status,
      parameters: parameters
        .filter((p) => p.in === "path" || p.in === "query")
        .map((p) => {
          const schema = toolkit.resolveRef(document, p.schema ?? {});
          const value = toolkit.parameterExample(document, p);
          return {
            name: p.name,
            in: p.in,
            required: Boolean(p.required),
            // Path parameters start at their example; query parameters empty, their default as a hint.
            value: p.in === "path" && value !== undefined ? String(value) : "",
            hint: schema.default !== undefined ? `default ${schema.default}` : value !== undefined ? `e.g. ${value}` : "",
          };
        }),
      bodies: toolkit.requestBodyExamples(document, operation).map(({ key, summary, value }) => ({
        name: summary ?? key ?? "Example",
        json: JSON.stringify(value, null, 2),
      })),
      choice: consoleChoice(document, operation),
    };
  });
}

/**
 * A body that is exactly one of several shapes, as the console offers it: the sentence ("exactly one
 * of `user` or `email`") and one option per shape, with its title, its fields, what it does and the
 * index of the example that has its fields (undefined for a body of one shape).
 */
export function consoleChoice(document, operation) {
  const choice = toolkit.bodyChoice(document, toolkit.requestBodySchema(document, operation));
  if (!choice) return undefined;
  const examples = toolkit.requestBodyExamples(document, operation);
  const others = (i) => choice.filter((_, j) => j !== i).flatMap((alternative) => alternative.required);
  return {
    sentence: toolkit.choiceSentence(choice, { capital: true }),
    options: choice.map((alternative, i) => ({
      title: alternative.title ?? `Shape ${i + 1}`,
      fields: alternative.required,
      note: String(alternative.description ?? "").replace(/\*\*|`/g, ""), // shown as text: no Markdown
      // The example of this shape: it has this shape's fields and none of another's.
      body: examples.findIndex(
        ({ value }) =>
          value !== null &&
          typeof value === "object" &&
          alternative.required.every((name) => name in value) &&
          !others(i).some((name) => name in value),
      ),
    })),
  };
}

/** The Redocly decorator `docs/try-it`: the button first in every operation's description. */
export function TryIt() {
  return {
    Operation: {
      leave(operation) {
        if (!operation.operationId) throw new Error("docs/try-it: every operation needs an operationId for its console");
        const button = tryItButton(operation.operationId);
        operation.description = operation.description ? `${button}\n\n${operation.description}` : button;
      },
    },
  };
}
