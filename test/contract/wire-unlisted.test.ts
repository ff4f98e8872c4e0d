// "All bodies are JSON" holds for a router's refusal too: a method the interface does not list on a path
// it lists is answered with a body of the interface's. HEAD, OPTIONS, TRACE and CONNECT are HTTP's own,
// a busy answer (429, 503) may be a gateway's, and a path the interface does not list is not its body.
import { describe, expect, it } from "vitest";
import { Wire } from "../../contract/src/checks/wire.js";
import { createRedact } from "../../contract/src/transport/redact.js";
import type { Exchange } from "../../contract/src/transport/transport.js";

const BASE = "https://pcs.example/public/api";
const HTML = "<!DOCTYPE html><html><body><pre>Cannot PUT</pre></body></html>";

function answered(method: string, path: string, status: number, contentType: string, body: string): Exchange {
  return {
    id: 1,
    started: "2026-12-02T12:00:00.000Z",
    method,
    url: `${BASE}${path}`,
    requestHeaders: {},
    status,
    statusText: "",
    responseHeaders: { "content-type": contentType },
    responseText: body,
    size: Buffer.byteLength(body),
    attempts: 1,
    ms: 5,
  };
}

function wireOf(...exchanges: Exchange[]) {
  const wire = new Wire(BASE, createRedact(["the-key"]));
  for (const exchange of exchanges) wire.inspect(exchange, Buffer.from(exchange.responseText));
  return wire.results().map((r) => ({ operation: r.operation, status: r.status }));
}

describe("the wire check of methods the interface does not list", () => {
  it("an HTML 405 to PUT on a listed path fails, under that method and path", () => {
    expect(wireOf(answered("PUT", "/projects/7.json", 405, "text/html; charset=utf-8", HTML))).toEqual([
      { operation: "PUT /projects/{project_id}.json", status: "failed" },
    ]);
  });

  it("a problem document for the same refusal passes", () => {
    const problem = JSON.stringify({ type: "about:blank", title: "Method Not Allowed", status: 405 });
    expect(wireOf(answered("PUT", "/projects/7.json", 405, "application/problem+json", problem))).toEqual([
      { operation: "PUT /projects/{project_id}.json", status: "passed" },
    ]);
  });

  it("HTTP's own methods, busy answers and paths the interface does not list are not judged", () => {
    expect(
      wireOf(
        answered("OPTIONS", "/projects/7.json", 200, "text/html", "GET,HEAD,PATCH,DELETE"),
        answered("TRACE", "/projects/7.json", 405, "text/html", HTML),
        answered("PUT", "/projects/7.json", 503, "text/html", HTML),
        answered("GET", "/projects/7", 404, "text/html", HTML),
      ).filter((r) => r.status === "failed"),
    ).toEqual([]);
  });
});
