// An injected fetch for unit tests: answers each call with the next scripted reply (the last one
// repeats) and records what was sent. No global is patched and no socket is opened.
import { vi } from "vitest";

export type Reply = Response | Error | ((request: Request) => Response | Error | Promise<Response | Error>);

export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  signal: AbortSignal;
  /** Date.now() when it was sent: the fake clock's time under fake timers. */
  at: number;
}

export interface FakeFetch {
  fetch: (input: Request, init?: RequestInit) => Promise<Response>;
  sent: SentRequest[];
}

export function fakeFetch(...replies: Reply[]): FakeFetch {
  const sent: SentRequest[] = [];
  const fetch = async (input: Request, init?: RequestInit): Promise<Response> => {
    // As fetch does: `init` (here the attempt's signal) overrides what the Request carries.
    const request = init ? new Request(input, init) : input;
    sent.push({ method: request.method, url: new URL(request.url), headers: request.headers, signal: request.signal, at: Date.now() });
    const scripted = replies[Math.min(sent.length, replies.length) - 1];
    if (scripted === undefined) throw new Error("fakeFetch: no reply scripted");
    const reply = typeof scripted === "function" ? await scripted(request) : scripted;
    if (reply instanceof Error) throw reply;
    // A Response body can be read once: hand out a copy so a repeated reply stays readable.
    return reply.clone();
  };
  return { fetch, sent };
}

/** A reply that never comes, until the request's signal aborts (as a real fetch behaves). */
export function neverAnswers(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    if (request.signal.aborted) return reject(request.signal.reason);
    request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
  });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

export function problem(status: number, title: string, detail?: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ type: "about:blank", title, status, ...(detail ? { detail } : {}) }), {
    status,
    headers: { "Content-Type": "application/problem+json", ...headers },
  });
}

export function status(code: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: code, headers });
}

export const BASE_URL = "https://pcs.test/public/api";

/** Whether a promise has settled, without waiting for it (on vitest's fake clock: time does not move). */
export async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}
