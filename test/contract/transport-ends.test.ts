// Issue 42, item 11: a request the transport gave up on ends on the wire too (its requests go over
// node:http now, contract/src/transport/network.ts; the last block: they are answered as fetch answered them). Node's fetch loses its
// abort once the collector has run (nodejs/undici#3644), leaving the connection to a server that never
// answers open — and the checker's process alive. Here the collector runs every 100 ms while the
// transport waits, and the server counts the connections still open once the transport has given up.
import { createServer as createHttpServer } from "node:http";
import { createServer, type Socket } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, RequestTimeoutError, Transport } from "../../contract/src/index.js";
import { listenOnLoopback, type Listening } from "../support/listen.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

let server: (Listening & { open: () => number }) | undefined;
afterEach(() => server?.close());

/** A server that accepts each connection, then does `answer` with it (nothing: silent), counting those still open. */
async function counting(answer: (socket: Socket) => void = () => {}) {
  let open = 0;
  const listening = await listenOnLoopback(
    createServer((socket) => {
      open++;
      socket.once("close", () => open--);
      socket.on("error", () => {});
      socket.resume();
      answer(socket);
    }),
  );
  return { ...listening, open: () => open };
}

async function untilClosed(open: () => number): Promise<number> {
  for (let waited = 0; open() > 0 && waited < 2_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  return open();
}

describe("a request given up on ends on the wire, whatever the garbage collector did meanwhile", () => {
  for (const [name, answer] of [
    ["a server that never answers", undefined],
    [
      "a server that trickles its headers",
      (socket: Socket) => {
        socket.write("HTTP/1.1 200 OK\r\n");
        const timer = setInterval(() => socket.write("x"), 20);
        socket.once("close", () => clearInterval(timer));
      },
    ],
  ] as const) {
    it(`${name}: --timeout ends the request and closes its connection`, async () => {
      server = await counting(answer);
      const transport = new Transport({
        ...DEFAULT_LIMITS,
        timeoutMs: 300,
        deadline: Date.now() + 60_000,
        mayWrite: false,
        targetName: "a test server",
        redact: (text) => text,
      });
      const collector = setInterval(gc, 100);
      try {
        await expect(transport.fetch(new Request(`${server.url}/projects.json`))).rejects.toThrow(RequestTimeoutError);
        expect(server.open()).toBeLessThanOrEqual(1);
        expect(await untilClosed(server.open)).toBe(0);
      } finally {
        clearInterval(collector);
      }
    });
  }
});

describe("over node:http, answers as fetch gave them", () => {
  const transport = () =>
    new Transport({
      ...DEFAULT_LIMITS,
      deadline: Date.now() + 60_000,
      mayWrite: true,
      targetName: "a test server",
      redact: (text) => text,
    });

  it("bodies decoded (gzip, deflate, br), a redirect not followed, a body sent with its length, a refused connection as fetch fails", async () => {
    const encoded: Record<string, (body: string) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };
    const listening = await listenOnLoopback(
      createHttpServer((request, response) => {
        const name = request.url!.slice(1);
        let body = "";
        request.on("data", (chunk) => (body += chunk));
        request.on("end", () => {
          if (name === "redirect") return void response.writeHead(302, { location: "http://elsewhere.invalid/" }).end();
          const text = JSON.stringify({ accepts: request.headers["accept-encoding"], length: request.headers["content-length"], body });
          const encode = encoded[name];
          response
            .writeHead(200, { "content-type": "application/json", ...(encode && { "content-encoding": name }) })
            .end(encode ? encode(text) : text);
        });
      }),
    );
    try {
      for (const name of ["gzip", "deflate", "br"]) {
        const answer = await transport().fetch(new Request(`${listening.url}/${name}`));
        expect(await answer.json(), name).toEqual({ accepts: "gzip, deflate, br", body: "" });
      }
      const redirect = await transport().fetch(new Request(`${listening.url}/redirect`));
      expect([redirect.status, redirect.headers.get("location")]).toEqual([302, "http://elsewhere.invalid/"]);
      const posted = await transport().fetch(new Request(`${listening.url}/post`, { method: "POST", body: '{"name":"é"}' }));
      expect(await posted.json()).toEqual({ accepts: "gzip, deflate, br", length: "13", body: '{"name":"é"}' });
    } finally {
      await listening.close();
    }
    await expect(transport().fetch(new Request("http://127.0.0.1:1/"))).rejects.toMatchObject({
      name: "TypeError",
      cause: { code: "ECONNREFUSED" },
    });
  });
});
