// The client in a browser, where three things differ from Node.js: the browser owns the User-Agent,
// timers have no unref(), and a call to another origin carrying Authorization needs a CORS preflight.
// The compiled package (generated/lib/, bundled by esbuild as a browser application would) runs in
// headless Chromium on a page of one origin and calls the run's Prism mock through a recording
// proxy on another, so the test sees what the browser really sent, preflights included. One browser
// launch for the file; nothing leaves 127.0.0.1.
import { existsSync } from "node:fs";
import { createServer, request as forward, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { build } from "esbuild";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/openapi.js";
import { CHROMIUM, CHROMIUM_ARGS } from "../support/chromium.js";
import { target } from "../support/target.js";

const API_KEY = "browser-test-key";
const BASIC = `Basic ${Buffer.from(`${API_KEY}:`).toString("base64")}`;

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** Starts `server` on a free port of 127.0.0.1 and gives its origin. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A proxy in front of the mock that records every request, preflights included. Under `/slow` a call
 * is never answered (the client's timeout must end it); under `/flaky` the first call of each path
 * gets 503 with `Retry-After: 0`. Preflights always go to the mock, which answers them for any origin.
 */
function recordingProxy(upstream: URL, received: Received[]): Server {
  const failedOnce = new Set<string>();
  return createServer((req, res) => {
    const path = req.url ?? "/";
    received.push({ method: req.method ?? "", path, headers: req.headers });
    const [, prefix, rest] = /^\/(slow|flaky)(\/.*)$/.exec(path) ?? [undefined, undefined, path];
    if (req.method !== "OPTIONS" && prefix === "slow") return; // held open until the client gives up
    if (req.method !== "OPTIONS" && prefix === "flaky" && !failedOnce.has(rest!)) {
      failedOnce.add(rest!);
      res.writeHead(503, { "Retry-After": "0", "Access-Control-Allow-Origin": "*", "Content-Type": "application/problem+json" });
      return res.end(JSON.stringify({ title: "Service Unavailable", status: 503 }));
    }
    const upstreamPath = `${upstream.pathname.replace(/\/$/, "")}${rest}`;
    const proxied = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: upstreamPath,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    proxied.on("error", () => res.destroy());
    req.pipe(proxied);
  });
}

/** The page: the package, as a browser application would import it, left on globalThis for the tests. */
const PAGE = `<!doctype html><title>client</title><script type="module">import * as pcs from "/client.js"; globalThis.pcs = pcs;</script>`;

const chromiumMissing = !existsSync(CHROMIUM);
const { baseUrl, isMock } = target();

// Skipped without Chromium outside CI (in CI, .ci/run installs it and a missing one fails), and against
// a real server (PCS_BASE_URL): the calls below use the mock's Prefer header and create a project.
describe.skipIf((chromiumMissing && !process.env.CI) || !isMock)("the client in headless Chromium, cross-origin", () => {
  let browser: Browser;
  let page: Page;
  let pageServer: Server;
  let proxy: Server;
  let api = "";
  const received: Received[] = [];
  const requestsTo = (method: string, path: string) => received.filter((r) => r.method === method && r.path === path);

  beforeAll(async () => {
    if (chromiumMissing) throw new Error(`Chromium not found at ${CHROMIUM}: CI must run the browser test (.ci/run installs it).`);
    const bundled = await build({
      entryPoints: [`${repoRoot}generated/lib/index.js`],
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      logLevel: "silent",
    });
    const client = bundled.outputFiles[0]!.text;
    pageServer = createServer((req, res) => {
      if (req.url === "/client.js") res.writeHead(200, { "Content-Type": "text/javascript" }).end(client);
      else res.writeHead(200, { "Content-Type": "text/html" }).end(PAGE);
    });
    proxy = recordingProxy(new URL(baseUrl), received);
    const [origin, proxied] = await Promise.all([
      listen(pageServer),
      listen(proxy),
      (async () => {
        browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
      })(),
    ]);
    api = proxied;
    page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.waitForFunction("globalThis.pcs !== undefined");
  });

  afterAll(async () => {
    await browser?.close();
    for (const server of [pageServer, proxy]) {
      server?.closeAllConnections();
      server?.close();
    }
  });

  /** Runs `body` in the page with the bundled package as `pcs` and a client for the proxy. */
  function inPage<T>(body: string, options: Record<string, unknown> = {}): Promise<T> {
    return page.evaluate(
      async ({ body, options }) => {
        const pcs = (globalThis as Record<string, unknown>).pcs as Record<string, (...args: unknown[]) => unknown>;
        const client = pcs.createClient!(options);
        return new Function("pcs", "client", `return (async () => { ${body} })();`)(pcs, client);
      },
      { body, options: { baseUrl: api, apiKey: API_KEY, ...options } },
    );
  }

  it("sends the credential after a preflight that asks for Authorization alone", async () => {
    const count = await inPage<number>(`return pcs.unwrap(await client.GET("/groups.json")).length;`, { userAgent: "acme-web/1.0" });
    expect(count).toBeGreaterThan(0);
    const [preflight] = requestsTo("OPTIONS", "/groups.json");
    expect(preflight?.headers["access-control-request-method"]).toBe("GET");
    expect(preflight?.headers["access-control-request-headers"]).toBe("authorization");
    const [call] = requestsTo("GET", "/groups.json");
    expect(call?.headers.authorization).toBe(BASIC);
    expect(call?.headers.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(call?.headers.accept).toBe("application/json, application/problem+json");
  });

  it("leaves the User-Agent to the browser: neither the package's token nor the userAgent option", () => {
    const [call] = requestsTo("GET", "/groups.json");
    expect(call?.headers["user-agent"]).toMatch(/Chrome\//);
    expect(call?.headers["user-agent"]).not.toMatch(/project-collaboration|acme-web/);
  });

  it("sends a JSON body, Content-Type announced in the preflight", async () => {
    const title = await inPage<string>(
      `return pcs.unwrap(await client.POST("/projects.json", { body: { name: "From a browser" } })).title;`,
    );
    expect(typeof title).toBe("string");
    expect(requestsTo("OPTIONS", "/projects.json")[0]?.headers["access-control-request-headers"]).toBe("authorization,content-type");
    expect(requestsTo("POST", "/projects.json")[0]?.headers["content-type"]).toBe("application/json");
  });

  it("ends an attempt with a TimeoutError, with browser timers (no unref)", async () => {
    // A timer the client tried to unref() unconditionally would throw a TypeError here instead.
    const name = await inPage<string>(
      `try { await client.GET("/groups.json", { baseUrl: "${api}/slow" }); return "answered"; }
       catch (error) { return error.name; }`,
      { timeoutMs: 300, retry: false },
    );
    expect(name).toBe("TimeoutError");
    expect(requestsTo("GET", "/slow/groups.json")).toHaveLength(1);
  });

  it("waits as Retry-After says and sends the call again", async () => {
    const count = await inPage<number>(`return pcs.unwrap(await client.GET("/groups.json", { baseUrl: "${api}/flaky" })).length;`);
    expect(count).toBeGreaterThan(0);
    expect(requestsTo("GET", "/flaky/groups.json").map((r) => r.headers.authorization)).toEqual([BASIC, BASIC]);
  });

  it("turns a failure into an ApiError with the problem, and a custom header into one more preflight entry", async () => {
    const error = await inPage<{ isApiError: boolean; status: number; title: string; operation: string; message: string }>(
      `try { pcs.unwrap(await client.GET("/groups/{group_id}.json", { params: { path: { group_id: 2 } }, headers: { Prefer: "code=404" } })); }
       catch (error) { return { isApiError: error instanceof pcs.ApiError, status: error.status, title: error.problem?.title, operation: error.operation, message: error.message }; }`,
    );
    expect(error).toMatchObject({ isApiError: true, status: 404, title: "Not Found", operation: "GET /groups/{group_id}.json" });
    expect(error.message).not.toContain(API_KEY);
    expect(requestsTo("OPTIONS", "/groups/2.json")[0]?.headers["access-control-request-headers"]).toBe("authorization,prefer");
  });
});
