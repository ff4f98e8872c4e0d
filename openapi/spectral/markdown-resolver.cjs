// Spectral's $ref resolver for the split source, which refers to Markdown files (info.description is a
// $ref to openapi/info-description.md, which Redocly bundles as its text). Spectral parses every file a $ref reaches as
// YAML, and Markdown is not YAML; so a Markdown file is handed over as one JSON string, which YAML
// reads as the file's text. Every other file is read as Spectral reads it. (`spectral lint --resolver`)
const { readFile } = require("node:fs/promises");
const { Resolver } = require("@stoplight/spectral-ref-resolver");

async function readLocalFile(ref) {
  const text = await readFile(ref.href(), "utf8");
  return ref.href().endsWith(".md") ? JSON.stringify(text) : text;
}

module.exports = new Resolver({ resolvers: { file: { resolve: readLocalFile } } });
