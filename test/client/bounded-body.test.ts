// The body limit (src/bounded-body.ts) on the paths a response can take: a declared length within the
// limit is handed over as it came; anything else is read through a counting stream, which must give a
// body within the limit whole, refuse one announced over it, and pass a cancel on to the source.
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/index.js";
import { BASE_URL } from "./fake-fetch.js";

const BODY = '{"id":48213}'; // 12 bytes: a length of more than one digit

function clientReturning(response: () => Response, maxResponseBytes = BODY.length) {
  return createClient({ baseUrl: BASE_URL, apiKey: "k", retry: false, maxResponseBytes, fetch: async () => response() });
}

/** A body in two chunks, with no length known in advance; `cancelled` says whether the source was cancelled. */
function streamed(text: string) {
  const bytes = new TextEncoder().encode(text);
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, 5));
      controller.enqueue(bytes.slice(5));
      controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

describe("the body limit", () => {
  it("hands over a response whose Content-Length is within the limit as it came: no copy, nothing counted", async () => {
    const original = new Response(BODY, { headers: { "content-type": "application/json", "content-length": String(BODY.length) } });
    const { data, response } = await clientReturning(() => original).GET("/groups.json");
    expect(response).toBe(original);
    expect(data).toEqual({ id: 48213 });
  });

  it("reads a body of unknown length whole when it stays within the limit", async () => {
    const { data, response } = await clientReturning(
      () => new Response(streamed(BODY).body, { headers: { "content-type": "application/json" } }),
    ).GET("/groups.json");
    expect(data).toEqual({ id: 48213 });
    expect(response.status).toBe(200);
  });

  it("counts an encoded body, whose Content-Length is not what is read, and takes one at the limit", async () => {
    const headers = { "content-type": "application/json", "content-length": String(BODY.length), "content-encoding": "identity" };
    const { data, response } = await clientReturning(() => new Response(streamed(BODY).body, { headers })).GET("/groups.json");
    expect(data).toEqual({ id: 48213 });
    expect(response.headers.get("content-encoding")).toBe("identity");
  });

  it("passes a cancel of a counted body on to its source", async () => {
    const { body, state } = streamed(BODY);
    const { data } = await clientReturning(() => new Response(body)).GET("/groups.json", { parseAs: "stream" });
    await (data as unknown as ReadableStream).cancel("not needed");
    expect(state.cancelled).toBe(true);
  });
});
