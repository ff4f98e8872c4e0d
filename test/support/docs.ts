// The rendered reference as the tests see it: docs/index.html and the description embedded in it
// (Redocly's build-docs inlines the decorated description as `const __redoc_definition = {…};`), so the
// code samples checked here are exactly the ones the page shows.
import { readdirSync, readFileSync } from "node:fs";
import { operations, repoRoot, type Json } from "./openapi.js";

export const docsDir = `${repoRoot}docs/`;
export const docsPage = `${docsDir}index.html`;

/** The description the page renders, read back from the page. */
export function renderedDefinition(html: string = readFileSync(docsPage, "utf8")): Json {
  const match = /const __redoc_definition = (.*?);\n\s*const __redoc_options/s.exec(html);
  if (!match?.[1])
    throw new Error(`${docsPage}: no embedded description (__redoc_definition); was it built by scripts/docs-page/build-docs.mjs?`);
  return JSON.parse(match[1]);
}

export interface CodeSample {
  operationId: string;
  method: string;
  path: string;
  lang: string;
  label: string;
  source: string;
}

export function codeSamples(definition: Json): CodeSample[] {
  const samples: CodeSample[] = [];
  for (const { operationId, method, path, operation } of operations(definition)) {
    for (const sample of operation["x-codeSamples"] ?? []) {
      samples.push({ operationId, method, path, lang: sample.lang, label: sample.label, source: sample.source });
    }
  }
  return samples;
}

export interface FencedBlock {
  /** Where the block was found, e.g. "tags.7.description #2" (a guide) or "info.description #1". */
  where: string;
  source: string;
}

/** ```ts / ```typescript blocks of every Markdown `description` in the document (the guide and the rest). */
export function typescriptBlocks(definition: Json): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const visit = (node: Json, at: string): void => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries<Json>(node)) {
      const here = at ? `${at}.${key}` : key;
      if (key === "description" && typeof value === "string") {
        const fences = [...value.matchAll(/^```(?:ts|typescript)[^\n]*\n([\s\S]*?)^```/gm)];
        fences.forEach((fence, i) => blocks.push({ where: `${here} #${i + 1}`, source: fence[1] ?? "" }));
      } else {
        visit(value, here);
      }
    }
  };
  visit(definition, "");
  return blocks;
}

/** A task guide (docs/guides/tasks/*.md) as the tests run it: its ```ts blocks, in order, as one module;
 * the output it shows (its ```text block); the `pcs` lines of its ```sh blocks. */
export interface TaskGuide {
  file: string;
  source: string;
  output: string[];
  pcsLines: string[];
}

export const taskGuidesDir = `${docsDir}guides/tasks/`;

export function taskGuides(): TaskGuide[] {
  return readdirSync(taskGuidesDir)
    .filter((file) => file.endsWith(".md") && file !== "README.md")
    .sort()
    .map((file) => {
      const text = readFileSync(`${taskGuidesDir}${file}`, "utf8");
      const blocks = (language: string) =>
        [...text.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, "gm"))].map((m) => m[1]!);
      return {
        file,
        source: blocks("ts").join("\n"),
        output: blocks("text").join("").trimEnd().split("\n"),
        pcsLines: blocks("sh")
          .flatMap((block) => block.split("\n"))
          .filter((line) => line.startsWith("pcs ")),
      };
    });
}
