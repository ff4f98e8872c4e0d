// The server's side of a program's `client`: every request a program makes arrives here as
// (method, path, {params, body}) and is sent, or refused, here. The rule is the server's own for tool
// calls (selection.ts, refusalOf): an operation this server does not offer is refused, so without
// --allow-writes no request that changes data leaves, whatever the program's text. A path that is no
// operation of the description is refused before anything is sent (a computed path cannot point the
// key at another host), and so is any option but `params` and `body` (a program does not choose the
// base URL, the fetch, or the headers the key travels in). Answers are scrubbed of the key before they
// enter the isolate, so no form of it can be made there. Each refusal is also kept, in the server's own
// words only (never a path or key the program passed): the answer states them outside the untrusted
// markers, as instructions the agent may follow (./answer.ts).
import { ApiError, MAX_PAGE_SIZE, paginate, unwrap, type ApiClient, type FetchResult } from "@project-collaboration/api";
import type { OperationTool } from "../operations.js";
import { redactText } from "../redact.js";
import { refusalOf } from "../selection.js";

export interface BridgeOptions {
  client: ApiClient;
  /** Every operation of the description. */
  operations: readonly OperationTool[];
  /** The names of the operations this server offers. */
  offered: ReadonlySet<string>;
  allowWrites: boolean;
  secrets: readonly string[];
}

/** The most requests one program sends, and how many at once. */
export const MAX_REQUESTS = 1_000;
const MAX_IN_FLIGHT = 4;

type Init = { params?: { path?: Record<string, unknown>; query?: Record<string, unknown> }; body?: unknown };

export interface Bridge {
  call(operation: string, argument: string, signal: AbortSignal): Promise<string>;
  /** Requests sent so far. */
  readonly sent: number;
  /** Why requests were refused, each reason once: the server's words, with what to do. */
  readonly refusals: readonly string[];
}

/** The reasons a request is refused that quote nothing of the program's. */
const NOT_AN_OPERATION = "a request's method and path are not an operation of this API: use a path of the description with its method";
const OPTIONS_TAKEN = "a program's requests take params and body only (params: path and query): the server sets everything else";

export function createBridge(options: BridgeOptions): Bridge {
  const { client, operations, offered, allowWrites, secrets } = options;
  let sent = 0;
  let inFlight = 0;
  const refusals = new Set<string>();
  /** The error the program gets: `told` (which may quote it), kept as `reason` (which does not). */
  const refuse = (reason: string, told = reason) => {
    refusals.add(reason);
    return new Error(told);
  };
  const waiting: (() => void)[] = [];
  const walks = new Map<number, AsyncGenerator<unknown, void, undefined>>();

  const guarded = async (method: string, path: unknown, init: unknown, signal: AbortSignal): Promise<FetchResult<unknown>> => {
    const tool = operations.find((t) => t.method === method && t.path === path);
    if (!tool)
      throw refuse(
        NOT_AN_OPERATION,
        `${method} ${String(path)} is not an operation of this API: use a path of the description with its method`,
      );
    const refusal = refusalOf(tool, offered, allowWrites);
    if (refusal) throw refuse(refusal);
    const checked = checkedOrRefused(init);
    if (++sent > MAX_REQUESTS) throw refuse(`the program sent more than ${MAX_REQUESTS} requests, the most one call may send`);
    while (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight++;
    try {
      const send = client.request as unknown as (method: string, path: string, init: object) => Promise<FetchResult<unknown>>;
      return await send(method, tool.path, { ...checked, signal });
    } finally {
      inFlight--;
      waiting.shift()?.();
    }
  };
  const scrubbed = (value: unknown) => redactText(JSON.stringify(value), secrets);
  const checkedOrRefused = (init: unknown) => {
    try {
      return checkedInit(init);
    } catch (error) {
      throw Object.assign(refuse(OPTIONS_TAKEN, (error as Error).message), { name: (error as Error).name });
    }
  };

  return {
    get sent() {
      return sent;
    },
    get refusals() {
      return [...refusals];
    },
    async call(operation, argument, signal) {
      const parsed = JSON.parse(argument) as unknown[];
      if (operation === "request") {
        const [method, path, init] = parsed;
        const result = await guarded(String(method), path, init, signal);
        return scrubbed(answerOf(result));
      }
      if (operation === "walk") {
        const [id, path, init] = parsed as [number, unknown, unknown];
        let walk = walks.get(id);
        if (!walk) {
          const { maxPages, ...rest } = (init ?? {}) as Init & { maxPages?: number };
          const pages = { GET: (p: unknown, i: unknown) => guarded("GET", p, i, signal) };
          walk = paginate(
            pages as never,
            path as never,
            { ...checkedOrRefused(rest), ...(maxPages !== undefined && { maxPages }) } as never,
          );
          walks.set(id, walk);
        }
        // Up to a page of items a step (the walk's page size): at most one request ahead of the program.
        const batch = pageSizeOf(init);
        const items: unknown[] = [];
        let done = false;
        while (items.length < batch) {
          const step = await walk.next();
          if (step.done) {
            done = true;
            break;
          }
          items.push(step.value);
        }
        return scrubbed({ items, done });
      }
      throw new Error(`unknown host operation ${operation}`);
    },
  };
}

/** The page size a walk asked for (paginate's default, the description's maximum, without one). */
function pageSizeOf(init: unknown): number {
  const limit = (init as Init | undefined)?.params?.query?.limit;
  return typeof limit === "number" && Number.isInteger(limit) && limit >= 1 ? Math.min(limit, MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
}

/** What a program may pass with a request: path and query parameters, and a body. */
function checkedInit(init: unknown): Init {
  if (init === undefined || init === null) return {};
  if (typeof init !== "object" || Array.isArray(init)) throw new TypeError("a request's options must be an object");
  const extra = Object.keys(init).filter((key) => key !== "params" && key !== "body");
  if (extra.length)
    throw new TypeError(`a program's requests take params and body only, not ${extra.join(", ")}: the server sets everything else`);
  const { params, body } = init as Init;
  if (params !== undefined) {
    const extraParams = Object.keys(params).filter((key) => key !== "path" && key !== "query");
    if (extraParams.length) throw new TypeError(`params takes path and query only, not ${extraParams.join(", ")}`);
  }
  return { ...(params !== undefined && { params }), ...(body !== undefined && { body }) };
}

/** A call's result as the isolate's `client` hands it out (./prelude.ts): the data or the error body,
 * the response's status and headers, and for a failure the client's own message (unwrap's). */
function answerOf(result: FetchResult<unknown>) {
  const { response } = result;
  let failure: string | undefined;
  try {
    unwrap(result);
  } catch (error) {
    failure = error instanceof ApiError ? error.message : String(error);
  }
  return {
    ok: response.ok,
    status: response.status,
    statusText: response.statusText,
    url: response.url,
    headers: [...response.headers].map(([name, value]) => [name.toLowerCase(), value]),
    ...(response.ok ? { data: result.data } : { error: (result as { error?: unknown }).error }),
    ...(failure !== undefined && { failure }),
  };
}
