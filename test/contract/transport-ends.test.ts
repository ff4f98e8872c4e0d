// Issue 42, item 11: a request the transport gave up on ends on the wire too. Node's fetch loses its
// abort once the collector has run (nodejs/undici#3644), leaving the connection to a server that never
// answers open — and the checker's process alive. Here the collector runs every 100 ms while the
// transport waits, and the server counts the connections still open once the transport has given up.
import { createServer, type Socket } from "node:net";
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
