// The recording proxy: a local port in front of one upstream server. Every request is passed through
// as it came — method, path, headers (their names, case and order) and body bytes; only Host names the
// upstream, as the request was addressed to the proxy — and every answer comes back as the upstream
// sent it (status, headers, body bytes, compressed or not). A copy of each (bounded: MAX_COPY bytes of
// each body) becomes an exchange for the judge. A request for another host (an absolute URL naming
// one, a CONNECT) is refused, never forwarded: the proxy reaches its upstream alone.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { Exchange } from "../transport/transport.js";

/** How much of each body the proxy keeps to judge (the rest is passed on, not kept). */
export const MAX_COPY = 1024 * 1024;

export interface Proxied {
  exchange: Exchange;
  responseBody: string;
}

export interface ProxyOptions {
  upstream: URL;
  host: string;
  port: number;
  /** Each exchange once its answer has been passed on whole. */
  onExchange: (proxied: Proxied) => void;
  /** Each request's header values, before it is forwarded (the redaction learns its secrets). */
  onHeaders?: (headers: Array<[string, string]>, url: string) => void;
  /** A request that was refused or could not be forwarded, and why. */
  onRefused?: (why: string) => void;
}

export interface RunningProxy {
  url: string;
  /** Requests under way. */
  inFlight(): number;
  close(): Promise<void>;
}

/** A bounded copy of a stream's bytes: the whole size is counted, only the first MAX_COPY kept. */
class Copy {
  private readonly chunks: Buffer[] = [];
  kept = 0;
  size = 0;
  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.kept >= MAX_COPY) return;
    const part = chunk.subarray(0, MAX_COPY - this.kept);
    this.chunks.push(part);
    this.kept += part.length;
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

const pairs = (raw: string[]): Array<[string, string]> => {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
};

const record = (list: Array<[string, string]>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [name, value] of list) {
    const lower = name.toLowerCase();
    out[lower] = lower in out ? `${out[lower]}, ${value}` : value;
  }
  return out;
};

/** The text of an answer's body copy, decoded when it names a coding (a copy cut short decodes to what
 * it can; a decoder's error leaves the text empty). */
function decoded(bytes: Buffer, coding: string | undefined): string {
  try {
    const name = (coding ?? "").trim().toLowerCase();
    const plain =
      name === "gzip" || name === "x-gzip"
        ? gunzipSync(bytes, { maxOutputLength: MAX_COPY, finishFlush: 2 })
        : name === "br"
          ? brotliDecompressSync(bytes, { maxOutputLength: MAX_COPY })
          : name === "deflate"
            ? inflateSync(bytes, { maxOutputLength: MAX_COPY, finishFlush: 2 })
            : name === "" || name === "identity"
              ? bytes
              : Buffer.alloc(0);
    return plain.toString("utf8");
  } catch {
    return "";
  }
}

export function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { upstream } = options;
  const basePath = upstream.pathname.replace(/\/$/, "");
  const send = upstream.protocol === "https:" ? httpsRequest : httpRequest;
  let inFlight = 0;
  let nextId = 1;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // Origin form only ("/path?query"): an absolute URL or authority form names a host of its own.
    if (!req.url?.startsWith("/") || req.method === "CONNECT") {
      options.onRefused?.("a request for another host than the upstream (refused, not forwarded)");
      res.writeHead(400, { "content-type": "text/plain" }).end("pcs-contract proxy: this proxy forwards only to its upstream\n");
      return;
    }
    inFlight++;
    const started = Date.now();
    const headers = pairs(req.rawHeaders);
    const forwarded = headers.flatMap(([name, value]) => (name.toLowerCase() === "host" ? [name, upstream.host] : [name, value]));
    const url = `${upstream.origin}${req.url.startsWith(basePath) ? "" : basePath}${req.url}`;
    options.onHeaders?.(headers, url);
    const requestCopy = new Copy();
    const outgoing = send(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: new URL(url).pathname + new URL(url).search,
        headers: forwarded,
        setHost: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        const responseCopy = new Copy();
        answer.on("data", (chunk: Buffer) => {
          responseCopy.add(chunk);
          res.write(chunk);
        });
        answer.on("end", () => {
          res.end();
          inFlight--;
          const responseHeaders = record(pairs(answer.rawHeaders));
          const text = decoded(responseCopy.bytes(), responseHeaders["content-encoding"]);
          const cut = responseCopy.size > responseCopy.kept;
          const requestBody =
            requestCopy.size > 0 && requestCopy.size === requestCopy.kept ? requestCopy.bytes().toString("utf8") : undefined;
          options.onExchange({
            exchange: {
              id: nextId++,
              started: new Date(started).toISOString(),
              method: (req.method ?? "GET").toUpperCase(),
              url,
              requestHeaders: record(headers),
              ...(requestBody !== undefined && { requestBody }),
              status: answer.statusCode ?? 0,
              statusText: answer.statusMessage ?? "",
              responseHeaders,
              responseText: text.slice(0, 64 * 1024),
              // A body the copy did not hold whole is judged as one cut short.
              size: cut ? Math.max(responseCopy.size, Buffer.byteLength(text) + 1) : Buffer.byteLength(text),
              attempts: 1,
              ms: Date.now() - started,
            },
            responseBody: text,
          });
        });
        answer.on("error", () => res.destroy());
      },
    );
    outgoing.on("error", (error) => {
      inFlight--;
      options.onRefused?.(`the upstream could not be reached or broke off (${(error as NodeJS.ErrnoException).code ?? "error"})`);
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end("pcs-contract proxy: the upstream did not answer\n");
      else res.destroy();
    });
    req.on("data", (chunk: Buffer) => {
      requestCopy.add(chunk);
      outgoing.write(chunk);
    });
    req.on("end", () => outgoing.end());
    req.on("error", () => outgoing.destroy());
  };

  const server: Server = createServer(handle);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      const { address, port } = server.address() as AddressInfo;
      const host = address.includes(":") ? `[${address}]` : address;
      resolve({
        url: `http://${host}:${port}${basePath}`,
        inFlight: () => inFlight,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
            // Whatever a client still holds open ends with the proxy.
            setTimeout(() => server.closeAllConnections(), 2_000).unref();
          }),
      });
    });
  });
}
