// An HTTP server on 127.0.0.1 (port 0) that misbehaves on purpose. The first path segment names the
// fault ("/reset/groups.json"), so one server serves every case, concurrently. Faults that node:http
// would refuse to produce (a reset, a 204 with a body, a body cut short) are written on the raw socket.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "../support/listen.js";

export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** performance.now() on arrival. */
  at: number;
}

export type Fault = (req: IncomingMessage, res: ServerResponse, nth: number) => void;

export interface MisbehavingServer {
  url: string;
  /** Requests received per fault name, in order. */
  seen(fault: string): SeenRequest[];
  /** Resolves when the n-th socket of a fault closes (to see that an abort reached the server). */
  closed(fault: string): Promise<void>;
  close(): Promise<void>;
}

export async function startMisbehavingServer(faults: Record<string, Fault>): Promise<MisbehavingServer> {
  const seen = new Map<string, SeenRequest[]>();
  const closedSockets = new Map<string, Promise<void>>();
  const server = createServer((req, res) => {
    const [, name = "", ...rest] = (req.url ?? "/").split("/");
    const list = seen.get(name) ?? [];
    seen.set(name, list);
    list.push({ method: req.method ?? "", path: `/${rest.join("/")}`, authorization: req.headers.authorization, at: performance.now() });
    if (!closedSockets.has(name)) closedSockets.set(name, new Promise((resolve) => req.socket.once("close", () => resolve())));
    const fault = faults[name];
    if (!fault) return void res.writeHead(599).end();
    req.resume(); // read (and drop) any request body so the socket stays healthy
    fault(req, res, list.length);
  });
  const listening = await listenOnLoopback(server); // closing it ends the hanging connections too
  return {
    url: listening.url,
    seen: (fault) => seen.get(fault) ?? [],
    closed: (fault) => closedSockets.get(fault) ?? Promise.reject(new Error(`no request for ${fault}`)),
    close: listening.close,
  };
}

// The faults, as building blocks.

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Fault =>
  (_, res) =>
    void res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));

export const problem =
  (status: number, title: string, headers: Record<string, string> = {}): Fault =>
  (_, res) =>
    void res.writeHead(status, { "Content-Type": "application/problem+json", ...headers }).end(JSON.stringify({ title, status }));

export const html =
  (status: number, page: string): Fault =>
  (_, res) =>
    void res.writeHead(status, { "Content-Type": "text/html" }).end(page);

/** TCP RST instead of an answer. */
export const reset: Fault = (req) => req.socket.resetAndDestroy();

/** Accepts the request and never answers. */
export const hang: Fault = () => {};

/** Announces 100 bytes of JSON, sends a few, then closes the connection. */
export const truncatedJson: Fault = (req) => {
  req.socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n[{"id": 1, "na', () =>
    req.socket.destroy(),
  );
};

/** A complete body that is not valid JSON. */
export const malformedJson: Fault = (_, res) => void res.writeHead(200, { "Content-Type": "application/json" }).end('[{"id": 1,');

/** 204 must have no body; this one sends five bytes anyway (node:http would drop them). */
export const noContentWithBody: Fault = (req) => {
  req.socket.end("HTTP/1.1 204 No Content\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello");
};

export const emptyOk: Fault = (_, res) => void res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "0" }).end();

export const redirect =
  (location: string, status = 302): Fault =>
  (_, res) =>
    void res.writeHead(status, { Location: location }).end();

/** The first `n` requests get `first`, the later ones `then`. */
export const firstThen =
  (n: number, first: Fault, then: Fault): Fault =>
  (req, res, nth) =>
    (nth <= n ? first : then)(req, res, nth);

// Hostile answers: bodies that never end or inflate, and servers that echo the credential.

/** A 200 (or `status`) whose body never ends: chunks of `chunkBytes` as fast as the client reads. Counts what it sent. */
export function endlessBody(status = 200, chunkBytes = 64 * 1024): Fault & { sent: () => number } {
  let sent = 0;
  const chunk = Buffer.alloc(chunkBytes, "[");
  const fault = (_: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) sent += chunk.length;
      if (!res.destroyed) res.once("drain", pump);
    };
    res.on("close", () => res.removeAllListeners("drain"));
    pump();
  };
  return Object.assign(fault, { sent: () => sent });
}

/** Announces a Content-Length of `bytes` and sends only the headers (a client that trusts it reads nothing). */
export const announcedLength =
  (bytes: number): Fault =>
  (req) => {
    req.socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n`);
  };

/** A small gzip body that inflates to `bytes` of JSON whitespace (a decompression bomb). */
export const gzipBomb =
  (compressed: Buffer): Fault =>
  (_, res) =>
    void res
      .writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip", "Content-Length": compressed.length })
      .end(compressed);

/** Answers `status` with the request's credential echoed: in headers (the key and the whole Authorization
 * value), in the status line, and in the body (JSON or text). */
export const echoCredential =
  (status: number, key: string, body: (key: string, authorization: string) => string, contentType = "application/problem+json"): Fault =>
  (req) => {
    const authorization = req.headers.authorization ?? "";
    const text = Buffer.from(body(key, authorization));
    req.socket.write(
      `HTTP/1.1 ${status} Denied ${key}\r\nContent-Type: ${contentType}\r\nContent-Length: ${text.length}\r\n` +
        `X-Echo-Authorization: ${authorization}\r\nX-Echo-Key: ${key}\r\n\r\n`,
    );
    req.socket.write(text);
  };
