// The checker's network reads a coded answer as fetch would (gzip decoded), and an answer a server codes
// wrongly is an error of that request, never of the process: a HEAD, 204 or 304 that names gzip has no
// content to decode, and content that is not the gzip it claims fails where it is read.
import { createServer, type Server } from "node:http";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Network } from "../../contract/src/transport/network.js";

const JSON_TEXT = '{"id":48213,"title":"Spring"}';
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    const headers = { "content-type": "application/json", "content-encoding": "gzip" };
    if (request.url === "/not-gzip") return response.writeHead(200, headers).end("plain text, not gzip");
    if (request.url === "/no-content") return response.writeHead(204, { "content-encoding": "gzip" }).end();
    if (request.url === "/not-modified") return response.writeHead(304, { "content-encoding": "gzip" }).end();
    const coded = gzipSync(JSON_TEXT);
    response.writeHead(200, { ...headers, "content-length": String(coded.length) });
    response.end(request.method === "HEAD" ? undefined : coded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = (method: string, path: string) =>
  new Network().send({ method, url: `${base}${path}`, headers: new Headers(), signal: new AbortController().signal });

describe("content coding over the network", () => {
  it("gzip content is decoded", async () => {
    const answer = await send("GET", "/");
    expect(await new Response(answer.body).text()).toBe(JSON_TEXT);
  });

  it("HEAD, 204 and 304 that name gzip have nothing to decode, and end nothing", async () => {
    expect((await send("HEAD", "/")).body).toBeNull();
    for (const path of ["/no-content", "/not-modified"]) {
      const answer = await send("GET", path);
      expect(await new Response(answer.body).text(), path).toBe("");
    }
    // An unhandled 'error' event would have ended this process before here.
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it("content that is not the gzip it claims fails where it is read", async () => {
    const answer = await send("GET", "/not-gzip");
    await expect(new Response(answer.body).text()).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
