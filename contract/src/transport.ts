// The one place every request of a run passes, so that no check can forget a rule:
//   - the read-only guard: a server that is not disposable gets only GET, HEAD and OPTIONS unless the
//     user opted in to writes;
//   - politeness: at most `rate` requests a second and `concurrency` at once; 429 and 503 (and, for
//     reads, 502 and 504) are retried after Retry-After (bounded) or a short backoff, and while the
//     server has said to wait, nothing is sent; a request whose every attempt was refused so is a
//     BusyError, which the runner reports as "not checked: the server was busy", never a failure;
//   - bounds: a timeout per attempt, a largest body (the rest unread), the run's deadline;
//   - a record of every exchange (for the failure's curl line, the JSON report and the HAR file).
import { AsyncLocalStorage } from "node:async_hooks";
import { READ_ONLY_METHODS } from "@project-collaboration/api";
import type { Redact } from "./redact.js";

export { READ_ONLY_METHODS };

export class WriteRefusedError extends Error {
  override name = "WriteRefusedError";
}
/** The server answered 429/503 (or a gateway error to a read) to every attempt. */
export class BusyError extends Error {
  override name = "BusyError";
}
/** The run reached its total time limit before this request. */
export class DeadlineError extends Error {
  override name = "DeadlineError";
}
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

/** What a run keeps to; printed in its first line. */
export interface Limits {
  /** Requests a second, at most (spaced evenly). */
  rate: number;
  /** Requests under way at once, at most. */
  concurrency: number;
  /** Per attempt, in ms. */
  timeoutMs: number;
  /** The largest response body read, in bytes. */
  maxBodyBytes: number;
  /** Attempts after the first, for 429/503. */
  retries: number;
  /** The longest Retry-After honoured, in ms: a longer one ends the request as busy. */
  maxRetryAfterMs: number;
  /** The whole run, in ms. */
  maxTimeMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  rate: 25,
  concurrency: 4,
  timeoutMs: 15_000,
  maxBodyBytes: 16 * 1024 * 1024,
  retries: 5,
  maxRetryAfterMs: 60_000,
  maxTimeMs: 10 * 60_000,
};

export interface TransportOptions extends Omit<Limits, "maxTimeMs"> {
  /** When the run must end (a Date.now() value). */
  deadline: number;
  /** Writes may be sent (the user opted in, or the target is disposable). */
  mayWrite: boolean;
  /** Named in the guard's refusal. */
  targetName: string;
  redact: Redact;
  fetch?: (request: Request) => Promise<Response>;
}

export interface Exchange {
  id: number;
  started: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status: number;
  statusText: string;
  responseHeaders: Record<string, string>;
  /** The body as text (at most maxBodyBytes were read). */
  responseText: string;
  attempts: number;
  ms: number;
}

/** The check a request is made for (set by the runner), so its exchanges can be shown with it. */
export const currentCheck = new AsyncLocalStorage<{ exchanges: Exchange[] }>();

/** How much of each body the record keeps (the check itself sees it whole, up to maxBodyBytes). */
const RECORDED_TEXT = 64 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds a Retry-After value asks for (seconds or an HTTP date), undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export class Transport {
  readonly exchanges: Exchange[] = [];
  /** Requests sent (attempts included). */
  sent = 0;
  /** Attempts answered 429/503 and retried. */
  retried = 0;
  private readonly options: TransportOptions;
  private nextSlot = 0;
  private pausedUntil = 0;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private nextId = 1;

  constructor(options: TransportOptions) {
    this.options = options;
  }

  get mayWrite(): boolean {
    return this.options.mayWrite;
  }

  /** Throws WriteRefusedError for a method that can change data when writes are not allowed. */
  assertMaySend(method: string, url: string): void {
    if (READ_ONLY_METHODS.has(method.toUpperCase()) || this.options.mayWrite) return;
    throw new WriteRefusedError(
      `read-only mode: ${method.toUpperCase()} ${this.options.redact(url)} was not sent — ${this.options.targetName} is not disposable and writes were not allowed (--allow-writes)`,
    );
  }

  /** fetch for the package's client and for raw requests: guarded, paced, retried, bounded, recorded.
   * `retry: false` sends once (a check that asks the mock for a 429 must see it). */
  async fetch(request: Request, { retry = true }: { retry?: boolean } = {}): Promise<Response> {
    this.assertMaySend(request.method, request.url);
    const body = request.body ? await request.text() : undefined;
    const read = READ_ONLY_METHODS.has(request.method.toUpperCase());
    const started = Date.now();
    let attempts = 0;
    for (;;) {
      attempts++;
      const response = await this.attempt(request, body);
      const busy = response.status === 429 || response.status === 503 || (read && (response.status === 502 || response.status === 504));
      if (!busy || !retry) return this.record(request, body, response, attempts, started);
      const asked = retryAfterMs(response.headers.get("retry-after"));
      if (attempts > this.options.retries || (asked !== undefined && asked > this.options.maxRetryAfterMs)) {
        const recorded = await this.record(request, body, response, attempts, started);
        throw new BusyError(
          `the server was busy: ${request.method} ${this.options.redact(request.url)} answered ${recorded.status} to ${attempts} attempt${attempts > 1 ? "s" : ""}${asked !== undefined ? ` (Retry-After ${Math.round(asked / 1000)} s)` : ""}`,
        );
      }
      await response.body?.cancel().catch(() => {});
      this.retried++;
      const wait = asked ?? Math.min(4000, 250 * 2 ** (attempts - 1));
      // While the server has said to wait, nothing is sent by anyone.
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + wait);
    }
  }

  private async attempt(request: Request, body: string | undefined): Promise<Response> {
    await this.slot();
    try {
      if (Date.now() > this.options.deadline) throw new DeadlineError("the run's time limit was reached before this request");
      this.sent++;
      const init: RequestInit = {
        method: request.method,
        headers: request.headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(this.options.timeoutMs),
      };
      const fetcher = this.options.fetch ?? ((r: Request) => fetch(r));
      const response = await fetcher(new Request(request.url, init));
      return await this.bounded(response);
    } finally {
      this.release();
    }
  }

  /** Waits for a free place, the pace and any pause the server asked for. */
  private async slot(): Promise<void> {
    if (this.running >= this.options.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    for (;;) {
      const now = Date.now();
      const at = Math.max(this.nextSlot, this.pausedUntil);
      if (at <= now) break;
      await sleep(at - now);
    }
    this.nextSlot = Math.max(Date.now(), this.nextSlot) + 1000 / this.options.rate;
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.();
  }

  /** The response with its body read, at most maxBodyBytes of it. */
  private async bounded(response: Response): Promise<Response> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > this.options.maxBodyBytes) {
        await reader.cancel().catch(() => {});
        throw new BodyTooLargeError(`the response body is larger than ${this.options.maxBodyBytes} bytes (the rest was not read)`);
      }
      chunks.push(value);
    }
    const bytes = Buffer.concat(chunks);
    const nullBody = response.status === 204 || response.status === 304 || (response.status >= 100 && response.status < 200);
    return new Response(nullBody ? null : bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  private async record(
    request: Request,
    body: string | undefined,
    response: Response,
    attempts: number,
    started: number,
  ): Promise<Response> {
    const text = await response.text();
    const exchange: Exchange = {
      id: this.nextId++,
      started: new Date(started).toISOString(),
      method: request.method.toUpperCase(),
      url: request.url,
      requestHeaders: Object.fromEntries(request.headers),
      ...(body !== undefined && { requestBody: body }),
      status: response.status,
      statusText: response.statusText,
      responseHeaders: Object.fromEntries(response.headers),
      responseText: text.length > RECORDED_TEXT ? `${text.slice(0, RECORDED_TEXT)}…` : text,
      attempts,
      ms: Date.now() - started,
    };
    this.exchanges.push(exchange);
    currentCheck.getStore()?.exchanges.push(exchange);
    const copy = new Response(response.status === 204 || response.status === 304 ? null : text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(copy, "url", { value: request.url });
    exchanges.set(copy, exchange);
    return copy;
  }
}

/** The exchange a response came from. */
export const exchanges = new WeakMap<Response, Exchange>();
