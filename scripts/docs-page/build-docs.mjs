#!/usr/bin/env node
// `npm run docs:build`: the rendered reference, docs/index.html, one self-contained page.
//
// 1. Bundle the `docs` API of openapi/redocly.yaml: generated/openapi.json plus the docs decorators
//    (x-codeSamples, x-tagGroups) — into a temporary file, so generated/ stays the plain description.
// 2. Render it with `redocly build-docs --inlineBundle` (Redoc's script inside the page, no CDN) and the
//    page template scripts/docs-page/docs-template.hbs (`--template`, build-docs' extension point for the page
//    around Redoc). Redoc's settings come from the `openapi:` section of openapi/redocly.yaml.
// 3. Copy the bundle next to the page: the page's download links point at these files.
// 4. Make the page fully offline: Redoc's sidebar footer ("API docs by" + Redocly's logo) loads the logo
//    from cdn.redoc.ly at run time, so the logo URLs in the inlined code are replaced with an inline SVG
//    (the attribution link stays). Deterministic: same input, same bytes.
// 5. Fill the template's `<!-- pcs:… -->` slots: the theme (scripts/docs-page/docs-theme.css: colours with enough
//    contrast, code blocks that wrap) after Redoc's styles; the "Try it" console (scripts/docs-page/console/:
//    its style, the operations it offers, its script bundled by esbuild with the in-page sandbox,
//    generated/lib/sandbox/ (so the build needs `npm run build:code` first), and its loader).
//    And one accessibility fix in Redoc's inlined code: the request-example switcher is labelled
//    "Example" while it shows the example's summary (axe: label-content-name-mismatch); without the
//    label its name is the summary it shows.
// 6. Refuse a page whose markup would load anything from the network.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { consoleOperations } from "../../openapi/plugins/try-it.js";
import { noOptions } from "../lib/cli.mjs";

await noOptions("docs:build", "The rendered reference, docs/index.html, one self-contained page (a step of npm run build).");

const root = new URL("../..", import.meta.url).pathname;
const redocly = join(root, "node_modules/.bin/redocly");
const config = join(root, "openapi/redocly.yaml");
const docs = join(root, "docs");

function run(args) {
  const result = spawnSync(redocly, args, {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off" },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    throw new Error(`docs:build: redocly ${args[0]} failed (exit ${result.status ?? result.signal})`);
  }
}

/**
 * What the markup (scripts' code left out) would make a browser fetch: a script by src, a stylesheet,
 * a font or an @import. Redoc's inlined code mentions CDN addresses in strings it never uses here; the
 * browser test (test/docs/browser.test.ts) checks at run time that no request leaves the page.
 */
export function networkReferences(html) {
  const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/gi, "$1$2");
  const patterns = [
    /<script\b[^>]*\ssrc=[^>]*>/gi,
    /<link\b[^>]*\shref=["']?(?:https?:)?\/\/[^>]*>/gi,
    /@import[^;]*/gi,
    /url\(\s*["']?(?:https?:)?\/\/[^)]*\)/gi,
  ];
  return patterns.flatMap((pattern) => markup.match(pattern) ?? []);
}

let operations;
const work = mkdtempSync(join(tmpdir(), "pcs-docs-"));
try {
  const decorated = join(work, "openapi.json");
  run(["bundle", "docs", "--config", config, "--ext", "json", "-o", decorated]);
  mkdirSync(docs, { recursive: true });
  run([
    "build-docs",
    decorated,
    "--config",
    config,
    "--inlineBundle",
    "--template",
    join(root, "scripts/docs-page/docs-template.hbs"),
    "-o",
    join(docs, "index.html"),
  ]);
  operations = consoleOperations(JSON.parse(readFileSync(decorated, "utf8")));
} finally {
  rmSync(work, { recursive: true, force: true });
}
for (const file of ["openapi.json", "openapi.yaml", "openapi.3.0.json", "openapi.3.0.yaml", "postman-collection.json"])
  copyFileSync(join(root, "generated", file), join(docs, file));
// The Arazzo workflows name "./openapi.yaml" as their source: beside it here, they work as downloaded.
copyFileSync(join(root, "openapi", "workflows.arazzo.yaml"), join(docs, "workflows.arazzo.yaml"));

/** Redoc's attribution logo, drawn inline instead of fetched (no backtick or ${: it lands in a JS template). */
const INLINE_LOGO =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="52" height="16" viewBox="0 0 52 16">' +
      '<text x="0" y="13" font-family="system-ui,sans-serif" font-size="13" font-weight="600" fill="#0044D4">Redoc</text></svg>',
  );

const page = join(docs, "index.html");
const withLogo = readFileSync(page, "utf8").replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g, INLINE_LOGO);
const EXAMPLE_LABEL = /"aria-label":`Example`,(options:e\.map\(\(e,t\)=>\(\{key:e,value:String\(t\),label:r\[e\]\?\.summary)/g;
const labelFixes = withLogo.match(EXAMPLE_LABEL)?.length ?? 0;
if (labelFixes !== 1)
  throw new Error(
    `docs:build: expected Redoc's example switcher label once, found it ${labelFixes} times (Redocly upgraded? check the fix)`,
  );
const fixed = withLogo.replace(EXAMPLE_LABEL, "$1");

/**
 * The page's Content-Security-Policy, as a <meta> first in <head>: only the page's own scripts run (each
 * inline one by its hash, and the console's code, which the loader imports from a blob: URL), nothing
 * is loaded from anywhere, and the console may connect over HTTPS, or over plain HTTP to this machine
 * only (the key goes nowhere else). Styles stay inline (Redoc writes them at run time). Framing cannot
 * be refused from a <meta>: `npm run docs` sends frame-ancestors as a header (scripts/servers/serve-docs.mjs).
 */
function withContentSecurityPolicy(markup) {
  const hashes = [...markup.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc=/i.test(attributes) && !/type="(application\/json|text\/plain)"/i.test(attributes))
    .map(([, , code]) => `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`);
  const policy = [
    "default-src 'none'",
    `script-src ${[...new Set(hashes)].join(" ")} blob:`,
    "worker-src blob:",
    "style-src 'unsafe-inline'",
    "img-src data: blob:",
    "font-src data:",
    "connect-src https: http://localhost:* http://127.0.0.1:*",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join("; ");
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
  const at = markup.indexOf('<meta charset="utf8" />');
  if (at === -1) throw new Error("docs:build: the template's <meta charset> is gone: the Content-Security-Policy goes right after it");
  const end = at + '<meta charset="utf8" />'.length;
  return `${markup.slice(0, end)}\n  ${meta}${markup.slice(end)}`;
}

/** The console's script: console.js and the sandbox it imports, one minified ES module. */
async function consoleScript() {
  const bundled = await build({
    entryPoints: [join(root, "scripts/docs-page/console/console.js")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    write: false,
  });
  return bundled.outputFiles[0].text;
}
/** Text inside <script>: no `</script` can end the element early. */
const inScript = (text) => text.replace(/<\/(script)/gi, "<\\/$1");
const slots = {
  theme: `<style id="pcs-theme">\n${readFileSync(join(root, "scripts/docs-page/docs-theme.css"), "utf8")}</style>`,
  "console-style": `<style id="pcs-console-style">\n${readFileSync(join(root, "scripts/docs-page/console/console.css"), "utf8")}</style>`,
  "console-data": `<script type="application/json" id="pcs-console-operations">${JSON.stringify(operations).replace(/</g, "\\u003c")}</script>`,
  // The console's code is inert text (not parsed as script at load: Redoc's first paint does not wait
  // for it); the small loader imports it on the first "Try it" click.
  "console-script":
    `<script type="text/plain" id="pcs-console-code">\n${inScript(await consoleScript())}</script>\n` +
    `<script type="module" id="pcs-console-loader">\n${inScript(readFileSync(join(root, "scripts/docs-page/console/loader.js"), "utf8"))}</script>`,
};
let html = fixed;
for (const [name, content] of Object.entries(slots)) {
  const slot = new RegExp(`<!-- pcs:${name} [^>]*-->`, "g");
  const found = html.match(slot)?.length ?? 0;
  if (found !== 1)
    throw new Error(`docs:build: expected the slot pcs:${name} once in scripts/docs-page/docs-template.hbs, found it ${found} times`);
  html = html.replace(slot, () => content);
}
html = withContentSecurityPolicy(html);
writeFileSync(page, html);
const external = networkReferences(html);
if (external.length) {
  console.error(`docs:build: docs/index.html would load from the network: ${[...new Set(external)].join(", ")}`);
  process.exit(1);
}
console.log(`docs:build: docs/index.html (${Math.round(Buffer.byteLength(html) / 1024)} KiB), docs/openapi.{json,yaml}`);
