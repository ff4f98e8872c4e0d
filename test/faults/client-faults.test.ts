// Issue 6, "faults injected into the client": every fault a network or a server can produce, against
// a misbehaving HTTP server on 127.0.0.1 and through an injected fetch. Each gives its documented
// outcome (docs/guides/client.md, "Errors" and "Retries and timeouts"); POST and PATCH are never sent twice; the caller's abort ends a
// call at once; no rejection goes unhandled; the API key is in no error and nothing is logged.
// Waits are tiny (baseDelayMs 1). Retry-After, on the fake clock and over a real socket, is
// test/client/retry.test.ts's; here it only gives the caller's abort a wait to interrupt.
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError, createClient, unwrap, type ClientOptions } from "../../src/index.js";
import { fakeFetch, neverAnswers, type Reply } from "../client/fake-fetch.js";
import * as fault from "./misbehaving-server.js";

const API_KEY = "SECRET-fault-key-5f1e9a";
const ENCODED = Buffer.from(`${API_KEY}:`).toString("base64");
const FAST_RETRY = { baseDelayMs: 1, maxDelayMs: 5 };
const PROXY_PAGE = "<html><head><title>503 Service Unavailable</title></head><body>upstream down</body></html>";

let server: fault.MisbehavingServer;
let otherOrigin: fault.MisbehavingServer;
const thrown: unknown[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
const consoleSpies = (["log", "info", "warn", "error", "debug", "trace"] as const).map((m) => vi.spyOn(console, m));

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  otherOrigin = await fault.startMisbehavingServer({ landing: fault.json(200, [{ id: 9 }]) });
  server = await fault.startMisbehavingServer({
    "reset-get": fault.reset,
    "reset-post": fault.reset,
    "hang-get": fault.hang,
    "hang-patch": fault.hang,
    "status-500": fault.problem(500, "Internal Server Error"),
    "status-502": fault.problem(502, "Bad Gateway"),
    "status-503": fault.problem(503, "Service Unavailable"),
    "status-504": fault.problem(504, "Gateway Timeout"),
    "post-503": fault.problem(503, "Service Unavailable"),
    "patch-503": fault.problem(503, "Service Unavailable"),
    "delete-503": fault.problem(503, "Service Unavailable"),
    "html-page": fault.html(503, PROXY_PAGE),
    "truncated-json": fault.truncatedJson,
    "malformed-json": fault.malformedJson,
    "no-content-with-body": fault.noContentWithBody,
    "empty-ok": fault.emptyOk,
    "redirect-same-origin": fault.firstThen(1, fault.redirect("/redirect-same-origin/landing.json"), fault.json(200, [{ id: 3 }])),
    "redirect-other-origin": (req, res, nth) => fault.redirect(`${otherOrigin.url}/landing/groups.json`)(req, res, nth),
    "abort-in-flight": fault.hang,
    "abort-while-waiting": fault.problem(503, "Service Unavailable", { "Retry-After": "30" }),
  });
});

afterAll(async () => {
  // Test files share a worker (no isolation): the next file gets the real console back.
  for (const spy of consoleSpies) spy.mockRestore();
  await server?.close();
  await otherOrigin?.close();
  process.off("unhandledRejection", onUnhandled);
});

function clientFor(name: string, options: Partial<ClientOptions> = {}) {
  return createClient({ baseUrl: `${server.url}/${name}`, apiKey: API_KEY, retry: FAST_RETRY, timeoutMs: 5000, ...options });
}

/** Awaits a call that must fail, records what it threw (for the leak check), and returns it. */
type Failure = Error & { cause?: { code?: string } };
async function failure(call: Promise<unknown>): Promise<Failure> {
  try {
    await call;
  } catch (error) {
    thrown.push(error);
    return error as Failure;
  }
  throw new Error("expected the call to fail");
}

const getGroups = (name: string, options?: Partial<ClientOptions>) => clientFor(name, options).GET("/groups.json");
const project = { params: { path: { project_id: 48213 } } };

describe.concurrent("a misbehaving server on 127.0.0.1", () => {
  it("connection reset: a GET is retried up to maxAttempts, then the network error is thrown", async () => {
    const error = await failure(getGroups("reset-get"));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.cause?.code).toBe("ECONNRESET");
    expect(server.seen("reset-get")).toHaveLength(3);
  });

  it("connection reset: a POST is sent once", async () => {
    const error = await failure(clientFor("reset-post").POST("/projects.json", { body: { name: "Spring" } }));
    expect(error).toBeInstanceOf(TypeError);
    expect(server.seen("reset-post")).toHaveLength(1);
  });

  it("a server that never answers: each attempt times out, then TimeoutError", async () => {
    // Client and server share this event loop: under load, a shorter timeout can end an attempt
    // before the server has read it.
    const error = await failure(getGroups("hang-get", { timeoutMs: 500, retry: { ...FAST_RETRY, maxAttempts: 2 } }));
    expect(error.name).toBe("TimeoutError");
    await vi.waitFor(() => expect(server.seen("hang-get")).toHaveLength(2));
  });

  it("a server that never answers a PATCH: one attempt, TimeoutError", async () => {
    const call = clientFor("hang-patch", { timeoutMs: 500 }).PATCH("/projects/{project_id}.json", { ...project, body: { name: "N" } });
    expect((await failure(call)).name).toBe("TimeoutError");
    await vi.waitFor(() => expect(server.seen("hang-patch")).toHaveLength(1));
  });

  it("500: not retried; ApiError with the problem", async () => {
    const error = await failure(getGroups("status-500").then(unwrap));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, operation: "GET /groups.json", problem: { title: "Internal Server Error" } });
    expect(server.seen("status-500")).toHaveLength(1);
  });

  it.each([502, 503, 504])("%i: a GET is retried up to maxAttempts, then ApiError", async (status) => {
    const error = await failure(getGroups(`status-${status}`).then(unwrap));
    expect(error).toMatchObject({ status, operation: "GET /groups.json" });
    expect(server.seen(`status-${status}`)).toHaveLength(3);
  });

  it("503 on POST and PATCH: each sent once; on DELETE: retried", async () => {
    const posted = await failure(
      clientFor("post-503")
        .POST("/projects.json", { body: { name: "S" } })
        .then(unwrap),
    );
    const patched = await failure(
      clientFor("patch-503")
        .PATCH("/projects/{project_id}.json", { ...project, body: { name: "N" } })
        .then(unwrap),
    );
    const deleted = await failure(clientFor("delete-503").DELETE("/projects/{project_id}.json", project).then(unwrap));
    expect([posted, patched, deleted].map((e) => (e as ApiError).status)).toEqual([503, 503, 503]);
    expect(server.seen("post-503").map((r) => r.method)).toEqual(["POST"]);
    expect(server.seen("patch-503").map((r) => r.method)).toEqual(["PATCH"]);
    expect(server.seen("delete-503").map((r) => r.method)).toEqual(["DELETE", "DELETE", "DELETE"]);
  });

  it("an HTML error page (a proxy's 503): retried, then ApiError with the page as text", async () => {
    const error = (await failure(getGroups("html-page").then(unwrap))) as ApiError;
    expect(error).toMatchObject({ status: 503, text: PROXY_PAGE, problem: undefined });
    expect(server.seen("html-page")).toHaveLength(3);
  });

  it("truncated JSON (connection closed mid-body): the network error is thrown, not retried", async () => {
    const error = await failure(getGroups("truncated-json"));
    expect(error).toBeInstanceOf(TypeError);
    expect(server.seen("truncated-json")).toHaveLength(1);
  });

  it("a 200 whose body is not valid JSON: the parser's SyntaxError is thrown", async () => {
    expect(await failure(getGroups("malformed-json"))).toBeInstanceOf(SyntaxError);
  });

  it("204 with a body: the body is ignored, unwrap gives undefined", async () => {
    const result = await clientFor("no-content-with-body").PATCH("/projects/{project_id}.json", { ...project, body: { name: "N" } });
    expect(result.response.status).toBe(204);
    expect(unwrap(result)).toBeUndefined();
  });

  it("200 with an empty body: unwrap gives undefined, no parse error", async () => {
    const result = await getGroups("empty-ok");
    expect(result.response.status).toBe(200);
    expect(unwrap(result)).toBeUndefined();
  });

  it("a redirect to the same origin is followed, with the credential", async () => {
    expect(unwrap(await getGroups("redirect-same-origin"))).toEqual([{ id: 3 }]);
    const [first, second] = server.seen("redirect-same-origin");
    expect(second?.path).toBe("/landing.json");
    expect(second?.authorization).toBe(first?.authorization);
    expect(second?.authorization).toBe(`Basic ${ENCODED}`);
  });

  it("a redirect to another origin is followed without the credential", async () => {
    expect(unwrap(await getGroups("redirect-other-origin"))).toEqual([{ id: 9 }]);
    expect(server.seen("redirect-other-origin")[0]?.authorization).toBe(`Basic ${ENCODED}`);
    // fetch drops Authorization on a cross-origin redirect (Fetch standard, "HTTP-redirect fetch").
    expect(otherOrigin.seen("landing")).toEqual([expect.objectContaining({ path: "/groups.json", authorization: undefined })]);
  });

  it("the caller's abort of a call in flight rejects at once and closes the connection", async () => {
    const controller = new AbortController();
    const call = clientFor("abort-in-flight").GET("/groups.json", { signal: controller.signal });
    const outcome = failure(call);
    await vi.waitFor(() => expect(server.seen("abort-in-flight")).toHaveLength(1));
    let settled = false;
    void outcome.then(() => (settled = true));
    controller.abort();
    await new Promise((resolve) => setImmediate(resolve)); // one turn of the event loop, no timer
    expect(settled).toBe(true);
    expect((await outcome).name).toBe("AbortError");
    await server.closed("abort-in-flight"); // the server sees the connection go
    expect(server.seen("abort-in-flight")).toHaveLength(1);
  });

  it("the caller's abort during a Retry-After wait rejects at once, with no further attempt", async () => {
    const controller = new AbortController();
    const outcome = failure(clientFor("abort-while-waiting").GET("/groups.json", { signal: controller.signal }));
    await vi.waitFor(() => expect(server.seen("abort-while-waiting")).toHaveLength(1));
    let settled = false;
    void outcome.then(() => (settled = true));
    controller.abort();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(true);
    expect((await outcome).name).toBe("AbortError");
    expect(server.seen("abort-while-waiting")).toHaveLength(1);
  });
});

// The same faults as an injected fetch sees them: no socket, the outcomes must match.
const resetError = () => new TypeError("fetch failed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) });
const problemReply =
  (status: number, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify({ title: "Failure", status }), {
      status,
      headers: { "Content-Type": "application/problem+json", ...headers },
    });
const cutBody = () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('[{"id": 1, "na'));
        controller.error(new TypeError("terminated"));
      },
    }),
    { status: 200, headers: { "Content-Type": "application/json" } },
  );

interface InjectedCase {
  name: string;
  replies: Reply[];
  method: "GET" | "POST" | "PATCH" | "DELETE";
  options?: Partial<ClientOptions>;
  /** What the call gives: the data, or the thrown value's class/name/status. */
  expected: { data: unknown } | { throws: { name: string; status?: number; text?: string } };
  attempts: number;
}

const injected: InjectedCase[] = [
  { name: "connection reset, GET", replies: [resetError()], method: "GET", expected: { throws: { name: "TypeError" } }, attempts: 3 },
  { name: "connection reset, POST", replies: [resetError()], method: "POST", expected: { throws: { name: "TypeError" } }, attempts: 1 },
  {
    name: "never answers, GET",
    replies: [neverAnswers],
    method: "GET",
    options: { timeoutMs: 20, retry: { ...FAST_RETRY, maxAttempts: 2 } },
    expected: { throws: { name: "TimeoutError" } },
    attempts: 2,
  },
  {
    name: "never answers, PATCH",
    replies: [neverAnswers],
    method: "PATCH",
    options: { timeoutMs: 20 },
    expected: { throws: { name: "TimeoutError" } },
    attempts: 1,
  },
  { name: "500", replies: [problemReply(500)], method: "GET", expected: { throws: { name: "ApiError", status: 500 } }, attempts: 1 },
  ...[502, 503, 504].map(
    (status): InjectedCase => ({
      name: `${status}`,
      replies: [problemReply(status)],
      method: "GET",
      expected: { throws: { name: "ApiError", status } },
      attempts: 3,
    }),
  ),
  { name: "503, POST", replies: [problemReply(503)], method: "POST", expected: { throws: { name: "ApiError", status: 503 } }, attempts: 1 },
  {
    name: "503, PATCH",
    replies: [problemReply(503)],
    method: "PATCH",
    expected: { throws: { name: "ApiError", status: 503 } },
    attempts: 1,
  },
  {
    name: "503, DELETE",
    replies: [problemReply(503)],
    method: "DELETE",
    expected: { throws: { name: "ApiError", status: 503 } },
    attempts: 3,
  },
  {
    name: "HTML error page",
    replies: [() => new Response(PROXY_PAGE, { status: 503, headers: { "Content-Type": "text/html" } })],
    method: "GET",
    expected: { throws: { name: "ApiError", status: 503, text: PROXY_PAGE } },
    attempts: 3,
  },
  { name: "truncated JSON", replies: [cutBody], method: "GET", expected: { throws: { name: "TypeError" } }, attempts: 1 },
  {
    name: "malformed JSON",
    replies: [() => new Response('[{"id": 1,', { headers: { "Content-Type": "application/json" } })],
    method: "GET",
    expected: { throws: { name: "SyntaxError" } },
    attempts: 1,
  },
  // A Response cannot even be built with a 204 and a body: what reaches the client has none.
  {
    name: "204 (its body dropped by fetch)",
    replies: [() => new Response(null, { status: 204 })],
    method: "PATCH",
    expected: { data: undefined },
    attempts: 1,
  },
  {
    name: "200 with an empty body",
    replies: [() => new Response("", { status: 200 })],
    method: "GET",
    expected: { data: undefined },
    attempts: 1,
  },
  // A fetch that does not follow redirects hands the 3xx over: it is not a success.
  {
    name: "an unfollowed redirect",
    replies: [() => new Response(null, { status: 302, headers: { Location: "/elsewhere" } })],
    method: "GET",
    expected: { throws: { name: "ApiError", status: 302 } },
    attempts: 1,
  },
];

describe.concurrent("the same faults through an injected fetch", () => {
  it.each(injected)("$name", async ({ replies, method, options, expected, attempts }) => {
    const fake = fakeFetch(...replies);
    const client = createClient({
      baseUrl: "https://pcs.test/public/api",
      apiKey: API_KEY,
      fetch: fake.fetch,
      retry: FAST_RETRY,
      ...options,
    });
    const call = {
      GET: () => client.GET("/groups.json"),
      POST: () => client.POST("/projects.json", { body: { name: "S" } }),
      PATCH: () => client.PATCH("/projects/{project_id}.json", { ...project, body: { name: "N" } }),
      DELETE: () => client.DELETE("/projects/{project_id}.json", project),
    }
      [method]()
      .then(unwrap);
    if ("data" in expected) {
      expect(await call).toEqual(expected.data);
    } else {
      const error = await failure(call);
      expect(error.name).toBe(expected.throws.name);
      if (expected.throws.status) expect((error as ApiError).status).toBe(expected.throws.status);
      if (expected.throws.text) expect((error as ApiError).text).toBe(expected.throws.text);
    }
    expect(fake.sent.map((s) => s.method)).toEqual(Array(attempts).fill(method));
  });
});

describe("after every fault", () => {
  it("no rejection went unhandled", async () => {
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });

  it("the API key is in no thrown value, and nothing was logged", () => {
    expect(thrown.length).toBeGreaterThan(20);
    for (const error of thrown) {
      const cause = (error as { cause?: unknown }).cause;
      for (const text of [
        String(error),
        (error as Error).stack ?? "",
        inspect(error, { depth: 8, showHidden: true }),
        inspect(cause, { depth: 8 }),
        JSON.stringify(error),
      ]) {
        expect(text).not.toContain(API_KEY);
        expect(text).not.toContain(ENCODED);
      }
    }
    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  });
});
