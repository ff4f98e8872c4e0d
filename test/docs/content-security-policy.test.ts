// The reference's Content-Security-Policy (issue 26, item 8): only the page's own scripts run — each
// inline one allowed by its hash, no 'unsafe-inline' or 'unsafe-eval' — nothing loads from anywhere,
// and the console connects over HTTPS, or plain HTTP to this machine only. Read from the built page;
// test/docs/browser.test.ts shows the page and its console working under it in Chromium.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { docsPage } from "../support/docs.js";

const html = readFileSync(docsPage, "utf8");
const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
const directives = new Map((meta?.[1] ?? "").split(/;\s*/).map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)] as const));

describe("the reference's Content-Security-Policy", () => {
  it("comes before any script, in <head>", () => {
    expect(meta).not.toBeNull();
    expect(html.indexOf(meta![0])).toBeLessThan(html.search(/<script\b/i));
  });

  it("runs only the page's own scripts: each inline one by its hash", () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
      ([, attributes]) => !/type="(application\/json|text\/plain)"/i.test(attributes!),
    );
    expect(scripts.length).toBeGreaterThan(0);
    const allowed = directives.get("script-src") ?? [];
    for (const [, , code] of scripts) expect(allowed).toContain(`'sha256-${createHash("sha256").update(code!, "utf8").digest("base64")}'`);
    expect(allowed.filter((source) => /unsafe|\*|^https?:/.test(source))).toEqual([]);
  });

  it("loads nothing from anywhere, and connects over HTTPS or to this machine only", () => {
    expect(directives.get("default-src")).toEqual(["'none'"]);
    expect(directives.get("connect-src")).toEqual(["https:", "http://localhost:*", "http://127.0.0.1:*"]);
    for (const name of ["base-uri", "form-action", "object-src"]) expect(directives.get(name)).toEqual(["'none'"]);
  });
});
