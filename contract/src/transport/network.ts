// One request to a server over the network, for the transport (transport.ts), with node:http and
// node:https rather than Node's fetch. Node's fetch (undici) follows the caller's AbortSignal through a
// WeakRef to the Request it makes inside (nodejs/undici#3644, #4068): once that Request is garbage-
// collected — any time during a long wait — abort() reaches nothing, and a request to a server that
// never answers, or trickles its headers, stays open with its socket, which keeps the process alive
// for undici's own 300 s limits. Here the request is held by the listener on the caller's signal,
// which destroys it (and its socket) when the signal aborts, whatever the collector did meanwhile.
//
// Otherwise it does what fetch did for the checker: no redirect followed, the same Accept-Encoding and
// decoding (gzip, deflate, br), a keep-alive connection pool per transport whose idle connections close
// after a few seconds and never keep the process alive (node:http unreferences them), and a network
// failure thrown as fetch throws it (TypeError "fetch failed", the system error as its `cause`).
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { pipeline, Readable, type Transform } from "node:stream";
import { contentCodings } from "./media-type.js";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

/** An answer as the transport reads it (a Response is one). */
export interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
}

export interface NetworkRequest {
  method: string;
  url: string;
  headers: Headers;
  body?: string | undefined;
  /** Aborting it destroys the request and its connection. */
  signal: AbortSignal;
}

/** Below the 5 s after which Node's and most servers close an idle connection: a connection is never
 * reused just as the server closes it. */
const IDLE_MS = 4_000;

const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** The answer's headers as fetch gives them (a value fetch would refuse is left out). */
function headersOf(message: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2)
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {}
  return headers;
}

/** The connection pools of one transport: sockets it may reuse, closed when idle. */
export class Network {
  private readonly http = new HttpAgent({ keepAlive: true, timeout: IDLE_MS });
  private readonly https = new HttpsAgent({ keepAlive: true, timeout: IDLE_MS });

  send({ method, url, headers, body, signal }: NetworkRequest): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const target = new URL(url);
      const secure = target.protocol === "https:";
      const outgoing: Record<string, string> = { accept: "*/*", "accept-encoding": "gzip, deflate, br", ...Object.fromEntries(headers) };
      if (body !== undefined) outgoing["content-length"] = String(Buffer.byteLength(body));
      const failed = (error: unknown) => reject(signal.aborted ? signal.reason : new TypeError("fetch failed", { cause: error }));
      let request: ReturnType<typeof httpRequest>;
      try {
        request = (secure ? httpsRequest : httpRequest)(target, { method, headers: outgoing, agent: secure ? this.https : this.http });
      } catch (error) {
        return failed(error);
      }
      const abort = () => request.destroy(signal.reason as Error);
      signal.addEventListener("abort", abort, { once: true });
      request.once("close", () => signal.removeEventListener("abort", abort));
      // Every error of the request, also one after its answer began (the answer's stream reports it).
      request.on("error", failed);
      if (signal.aborted) abort();
      request.once("response", (message) => {
        // Codings are applied in the order listed (RFC 9110 §8.4): undone last first; one unknown, none.
        const codings = contentCodings(message.headers["content-encoding"]);
        const decodable = codings.length > 0 && codings.every((coding) => DECODERS[coding]);
        const status = message.statusCode ?? 0;
        // An answer without content (HEAD, 1xx, 204, 304) names the coding its content would have: there
        // is nothing to decode, and an empty gzip stream is an error.
        const hasContent = method !== "HEAD" && status >= 200 && status !== 204 && status !== 304;
        const decoded: Readable =
          hasContent && decodable
            ? codings.reverse().reduce<Readable>((coded, coding) => pipeline(coded, DECODERS[coding]!(), () => {}), message)
            : message;
        // Content that does not decode fails where it is read (the web stream errors); never as an
        // unhandled 'error' event, which would end the process.
        decoded.on("error", () => {});
        resolve({
          status,
          statusText: message.statusMessage ?? "",
          headers: headersOf(message),
          body: method === "HEAD" ? null : (Readable.toWeb(decoded) as ReadableStream<Uint8Array>),
        });
      });
      request.end(body);
    });
  }
}
