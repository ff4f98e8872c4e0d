// The rendered reference against Redoc's own floor: the same Redocly build (build-docs --inlineBundle,
// the `openapi:` settings of openapi/redocly.yaml) of a description with one operation, built here side
// by side. Each page is loaded cold (a new browser context: empty cache) from file:// in headless
// Chromium, the two pages alternating, and measured: first contentful paint, the elements in the page
// once Redoc has rendered its title, and the page's weight (one self-contained file). Medians of the loads;
// the ratios to the floor are what the goal judges, since absolute times move with the machine's load.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { median } from "./stats.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LOADS = 9;

/** The floor's description: one operation, one response, nothing else. */
const FLOOR = {
  openapi: "3.1.0",
  info: { title: "Floor", version: "1.0.0" },
  paths: { "/ping": { get: { operationId: "ping", summary: "Ping", responses: { 204: { description: "Pong." } } } } },
};

function buildFloor(dir) {
  const spec = join(dir, "floor.json");
  writeFileSync(spec, JSON.stringify(FLOOR));
  const out = join(dir, "index.html");
  const run = spawnSync(
    join(root, "node_modules/.bin/redocly"),
    ["build-docs", spec, "--config", join(root, "openapi/redocly.yaml"), "--inlineBundle", "-o", out],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off" },
    },
  );
  if (run.status !== 0) throw new Error(`bench docs: building the floor failed:\n${run.stderr}`);
  return out;
}

async function loadOnce(browser, file) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
    const fcp = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const entry = performance.getEntriesByName("first-contentful-paint")[0];
          if (entry) return resolve(entry.startTime);
          new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime)).observe({ type: "paint", buffered: true });
        }),
    );
    // Elements once Redoc has rendered its first screen (the title is there), not before it ran.
    await page.waitForSelector("h1", { timeout: 30_000 });
    const elements = await page.evaluate(() => document.querySelectorAll("*").length);
    return { fcp, elements };
  } finally {
    await context.close();
  }
}

/** `page`: the page to measure (default docs/index.html; another build, e.g. an older one, to compare). */
export async function benchDocs({ log = () => {}, page = join(root, "docs/index.html") } = {}) {
  const ours = page;
  if (!existsSync(CHROMIUM)) return { missing: `Chromium not found at ${CHROMIUM}` };
  const dir = mkdtempSync(join(tmpdir(), "bench-docs-"));
  try {
    const floor = buildFloor(dir);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    const samples = { ours: [], floor: [] };
    try {
      await loadOnce(browser, floor); // warm the browser process itself, not measured
      for (let i = 0; i < LOADS; i++) {
        samples.ours.push(await loadOnce(browser, ours));
        samples.floor.push(await loadOnce(browser, floor));
      }
    } finally {
      await browser.close();
    }
    const summary = (list, file) => ({
      fcpMs: median(list.map((s) => s.fcp)),
      elements: median(list.map((s) => s.elements)),
      bytes: statSync(file).size,
    });
    const result = { loads: LOADS, ours: summary(samples.ours, ours), floor: summary(samples.floor, floor) };
    result.ratios = {
      fcp: result.ours.fcpMs / result.floor.fcpMs,
      elements: result.ours.elements / result.floor.elements,
      bytes: result.ours.bytes / result.floor.bytes,
    };
    log(`docs: FCP ${result.ours.fcpMs.toFixed(0)} ms vs floor ${result.floor.fcpMs.toFixed(0)} ms`);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
