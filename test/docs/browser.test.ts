// Opens docs/index.html from the file system in headless Chromium (Debian's `chromium`, driven by
// playwright-core) with every request outside docs/ blocked and recorded, then walks the page the way a
// reader would: guide sections and tags in the sidebar, every tag and every operation opened from the
// sidebar, one TypeScript sample shown, the description downloaded. One browser launch for everything.
// Screenshots for people: test/output/docs/ (ignored by git).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docsDir, docsPage, renderedDefinition } from "../support/docs.js";
import { operations, repoRoot } from "../support/openapi.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const SCREENSHOTS = `${repoRoot}test/output/docs/`;
const WAIT_MS = 15_000;

const definition = renderedDefinition();
const docsUrl = pathToFileURL(docsDir).href; // file:///…/docs/
const guideSections = [...String(definition.info.description).matchAll(/^# (.+)$/gm)].map((m) => m[1]!.trim());
const tags: { name: string; description: string }[] = definition.tags;
const tagGroups: { name: string; tags: string[] }[] = definition["x-tagGroups"] ?? [];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Exactly this text (a sidebar operation item also shows its method, e.g. "List projectsGET"). */
const exactly = (text: string, suffix = "") => new RegExp(`^\\s*${escapeRegExp(text)}\\s*${suffix}$`, "i");

// Outside CI a missing browser is reported as a visible skip; in CI (.ci/run installs Chromium) it fails.
const chromiumMissing = !existsSync(CHROMIUM);
const MISSING = `Chromium not found at ${CHROMIUM} (install it with \`apt-get install -y chromium\`, or set CHROMIUM_PATH)`;

if (chromiumMissing) {
  describe("rendered reference in a browser", () => {
    it("needs Chromium", (context) => {
      if (process.env.CI) throw new Error(`${MISSING}: CI must run the browser test (.ci/run installs it).`);
      console.warn(`SKIPPED browser test: ${MISSING}.`);
      context.skip(true, MISSING);
    });
  });
} else {
describe("rendered reference in headless Chromium, offline", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  const requests: string[] = []; // every request the page made
  const blocked: string[] = []; // the ones that left docs/ (aborted)
  const consoleErrors: string[] = [];

  const sidebar = () => page.locator('[data-component-name="Menu/Menu"]').first();
  const sidebarItem = (text: string, suffix = "") => sidebar().locator("a", { hasText: exactly(text, suffix) }).first();
  const heading = (text: string) => page.locator("h1, h2", { hasText: exactly(text) }).first();
  /** Opens an operation from the sidebar, expanding its tag first when it is collapsed. */
  async function openOperation(op: ReturnType<typeof operations>[number]): Promise<void> {
    const item = sidebarItem(op.operation.summary, op.method);
    if (!(await item.isVisible())) await sidebarItem(op.operation.tags[0]).click();
    await item.click();
    await heading(op.operation.summary).waitFor({ state: "visible", timeout: WAIT_MS });
  }

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    profile = mkdtempSync(join(tmpdir(), "pcs-chromium-"));
    // A persistent context is the way to give Chromium a fresh --user-data-dir of our own.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      headless: true,
      viewport: { width: 1440, height: 900 },
      colorScheme: "light",
      reducedMotion: "reduce",
    });
    browser = context.browser()!;
    context.on("request", (request) => requests.push(request.url()));
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(docsUrl) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
      blocked.push(url);
      return route.abort("blockedbyclient");
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(`uncaught: ${error.message}`));
    await page.goto(pathToFileURL(docsPage).href, { waitUntil: "load" });
    await sidebarItem(guideSections[0]!).waitFor({ state: "visible", timeout: WAIT_MS });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("renders the first screen (screenshot: test/output/docs/first-screen.png)", async () => {
    await heading(`${definition.info.title} (${definition.info.version})`).waitFor({ state: "visible", timeout: WAIT_MS });
    await page.screenshot({ path: `${SCREENSHOTS}first-screen.png` });
  });

  it("shows every guide section of info.description in the sidebar", async () => {
    expect(guideSections).toEqual(expect.arrayContaining(["Getting started", "Authentication", "Pagination", "Errors", "Assumptions"]));
    const missing: string[] = [];
    for (const section of guideSections) if (!(await sidebarItem(section).isVisible())) missing.push(section);
    expect(missing).toEqual([]);
  });

  it("shows every tag group and every tag in the sidebar", async () => {
    expect(tagGroups.flatMap((group) => group.tags).sort()).toEqual(tags.map((tag) => tag.name).sort());
    const missing: string[] = [];
    for (const group of tagGroups) if (!(await sidebar().getByText(group.name, { exact: true }).isVisible())) missing.push(`group ${group.name}`);
    for (const tag of tags) if (!(await sidebarItem(tag.name).isVisible())) missing.push(`tag ${tag.name}`);
    expect(missing).toEqual([]);
  });

  it("renders every tag, with its description, and every operation's summary, opened from the sidebar", async () => {
    const seen: string[] = [];
    for (const tag of tags) {
      await sidebarItem(tag.name).click();
      await heading(tag.name).waitFor({ state: "visible", timeout: WAIT_MS });
      const firstSentence = tag.description.split(/(?<=[.:])\s/)[0]!.replace(/[*`]/g, "");
      await page.getByText(firstSentence.slice(0, 60)).first().waitFor({ state: "visible", timeout: WAIT_MS });
      for (const op of operations(definition).filter((o) => o.operation.tags?.includes(tag.name))) {
        await openOperation(op);
        seen.push(op.operationId);
      }
    }
    expect(seen.sort()).toEqual(operations(definition).map((op) => op.operationId).sort());
  });

  it("shows an operation with its TypeScript sample (screenshot: test/output/docs/operation.png)", async () => {
    const op = operations(definition).find((o) => o.operationId === "getProject")!;
    await openOperation(op);
    // The sample panel opens on curl; its language menu switches to the TypeScript sample.
    const section = page.locator('[data-item-kind="httpItem"]', { has: heading(op.operation.summary) });
    await section.getByRole("button", { name: exactly("curl") }).click();
    await page.getByRole("menuitem", { name: exactly("TypeScript") }).click(); // the menu is portalled out of the section
    await section.getByText(`unwrap(`, { exact: false }).first().waitFor({ state: "visible", timeout: WAIT_MS });
    const shown = await section.locator("pre, code").filter({ hasText: "createClient({" }).first().textContent();
    const sample = op.operation["x-codeSamples"].find((s: { label: string }) => s.label === "TypeScript").source as string;
    expect(shown?.replace(/\s+/g, " ").trim()).toBe(sample.replace(/\s+/g, " ").trim());
    await page.screenshot({ path: `${SCREENSHOTS}operation.png` });
  });

  it("offers the bundled description for download, working from file://", async () => {
    await sidebarItem(definition.info.title).click();
    const expected: Record<string, string> = {
      "openapi.json": readFileSync(`${repoRoot}generated/openapi.json`, "utf8"),
      "openapi.yaml": readFileSync(`${repoRoot}generated/openapi.yaml`, "utf8"),
    };
    for (const [name, content] of Object.entries(expected)) {
      const link = page.getByRole("link", { name: exactly(name) }).first();
      await link.waitFor({ state: "visible", timeout: WAIT_MS });
      const href = await link.evaluate((a) => (a as HTMLAnchorElement).href);
      expect(href).toBe(`${docsUrl}${name}`);
      expect(readFileSync(`${docsDir}${name}`, "utf8"), `docs/${name} must be the bundle`).toBe(content);
      // From a file, Chromium shows JSON in a new tab and downloads YAML: accept either, compare content.
      const downloaded = page.waitForEvent("download", { timeout: WAIT_MS }).then(async (download) => {
        return readFileSync((await download.path())!, "utf8");
      });
      const shown = context.waitForEvent("page", { timeout: WAIT_MS }).then(async (tab) => {
        await tab.waitForLoadState("load");
        if (tab.url() !== href) throw new Error(`opened ${tab.url()}`);
        const text = await tab.evaluate(() => (document.querySelector("pre") ?? document.body).textContent ?? "");
        await tab.close();
        return text;
      });
      const either = Promise.any([downloaded, shown]); // before the click: the losing one may fail at once
      await link.click();
      const received = await either;
      if (name.endsWith(".json")) expect(JSON.parse(received)).toEqual(JSON.parse(content));
      else expect(received).toBe(content);
    }
  });

  it("made no request outside docs/ and logged no console error", () => {
    // The recorder saw the page load (so an empty list below means something).
    expect(requests.some((url) => url.startsWith(docsUrl)), "the page's own requests were recorded").toBe(true);
    expect(blocked, "requests that left the page").toEqual([]);
    expect(requests.filter((url) => !url.startsWith(docsUrl)), "requests outside docs/").toEqual([]);
    expect(consoleErrors, "console errors").toEqual([]);
  });
});
}
