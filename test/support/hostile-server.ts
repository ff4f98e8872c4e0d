// Servers written to break what prints their answers (`pcs`, the MCP server, the client's ApiError), on
// 127.0.0.1, one per run of a test file, the first path segment choosing the behaviour:
// - /hostile/…  terminal escape sequences, C1 controls and bidi overrides in every field value and
//   property name, in the status line and in header values, and the credential it received echoed back
//   in every form it can take (raw, percent-encoded in either hex case and as a form encodes it, the
//   Basic token as user name and as password, percent-encoded too, the whole Authorization header). A
//   GET answers 200 (a list for a path without a number, one resource otherwise); a path with the
//   segment 404 (projects/404.json), and every other method, answers a problem (404, 400) just as hostile;
// - /deep/…     200 with JSON nested 100,000 levels (a list of arrays, or an object of objects);
// - /silent/…   accepts the request and never answers;
// - /trickle/…  answers 200 and then one byte of body every 50 ms, forever.
// The forms of the key are computed here from the request, by this file's own code, never by the
// redaction under test.
import { createServer, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { expect } from "vitest";
import { listenOnLoopback } from "./listen.js";

const ESC = "\u001b";
const BEL = "\u0007";

/** What a terminal would act on: clear the screen, set the title, write the clipboard, hide a link,
 * a C1 control sequence, a bidi override and isolate, a carriage return. */
export const HOSTILE_TEXT = `${ESC}[2J${ESC}]0;owned${BEL}${ESC}]52;c;aGk=${BEL}${ESC}]8;;https://evil.example${ESC}\\link${ESC}]8;;${ESC}\\\u009b31m\u202eexe.txt\u2066x\u2069\r`;

/** Characters none of the outputs may hold raw: C0 controls but line feed (and tab), DEL, C1, the bidi
 * formatting characters and the Unicode line separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const UNSAFE_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

/** Asserts that `text` holds nothing a terminal acts on, and none of `forms` (keyForms of the key). */
export function expectHarmless(text: string, forms: readonly string[], label: string): void {
  expect(text, label).not.toMatch(UNSAFE_CHARACTER);
  for (const form of forms) expect(text.includes(form), `${label}: ${form}`).toBe(false);
}

/** Every form the key travels or comes back in, computed independently of src/redaction.ts: itself,
 * the Basic token with it as user name and as password, each percent-encoded (encodeURIComponent's and
 * a form's encoding, upper- and lower-case hex), and the key escaped inside a JSON string. */
export function keyForms(key: string): string[] {
  const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
  const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
  const plain = [key, base64(`${key}:`), base64(`:${key}`)];
  const encoded = plain.flatMap((form) => [encodeURIComponent(form), new URLSearchParams({ k: form }).toString().slice(2)]);
  const jsonEscaped = JSON.stringify(key).slice(1, -1);
  return [...new Set([...plain, ...encoded, ...encoded.map(lowerHex), jsonEscaped])].filter((form) => form.length > 0);
}

/** The text with the case of every letter swapped ("aB" → "Ab"). */
export const swapCase = (text: string): string =>
  [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");

/** Every key the contract checker may send for the user's `key`, spelled out here rather than taken
 * from contract/src/callers/credentials.ts: the key, the wrong key its checks derive (`${key}-not-this-one`),
 * each as it is, in upper case, in lower case and case-swapped (as a server or proxy may change it). */
export function contractKeysFor(key: string): string[] {
  return [key, `${key}-not-this-one`].flatMap((k) => [k, k.toUpperCase(), k.toLowerCase(), swapCase(k)]);
}

/** The key a request brought (HTTP Basic, the key as user name). */
function keyOf(request: IncomingMessage): string {
  const token = (request.headers.authorization ?? "").replace(/^Basic\s+/i, "");
  const decoded = Buffer.from(token, "base64").toString("utf8");
  return decoded.endsWith(":") ? decoded.slice(0, -1) : decoded;
}

/** A resource with the hostile text and the key's forms in its values and in a property name. */
export function hostileResource(id: number, key: string, authorization: string): Record<string, unknown> {
  return {
    id,
    title: `Project ${HOSTILE_TEXT} ${key}`,
    [`name${HOSTILE_TEXT}`]: "a property name with escapes",
    [`${key}`]: "the key as a property name",
    description: `Forms of your key: ${keyForms(key).join(" | ")} | ${authorization}`,
    nested: { deeper: [`${HOSTILE_TEXT}${encodeURIComponent(key)}`] },
  };
}

function hostileProblem(status: number, key: string): Record<string, unknown> {
  return {
    type: "about:blank",
    title: `Not Found ${HOSTILE_TEXT}`,
    status,
    detail: `No such thing ${HOSTILE_TEXT} for key ${key} (${keyForms(key).join(", ")})`,
  };
}

const DEPTH = 100_000;

export interface HostileServer {
  /** http://127.0.0.1:port — append /hostile/public/api, /deep/public/api, /silent/public/api or /trickle/public/api. */
  url: string;
  /** Each request, "METHOD /path" (the behaviour's segment included), in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A raw HTTP/1.1 answer: node:http refuses to write these status texts and header values. A success
 * has no Content-Length (its body ends when the connection does), so the client counts it in a copy of
 * the response, hostile status text and all; a problem has one. */
function answer(socket: Socket, status: number, body: string, contentType: string, key: string, authorization: string): void {
  const head = [
    `HTTP/1.1 ${status} Hostile${ESC}[2J\u009b31m\u202e ${key}`,
    `Content-Type: ${contentType}`,
    ...(status < 300 ? [] : [`Content-Length: ${Buffer.byteLength(body)}`]),
    `X-Hostile: \u009b31m\u202e ${keyForms(key).join(" ")}`,
    `X-Echo: ${authorization}`,
    "Connection: close",
    "",
    "",
  ].join("\r\n");
  // The status line and headers as UTF-8 bytes: U+009B arrives as the bytes C2 9B, which fetch reads
  // as Latin-1 ("Â" and the C1 control U+009B itself).
  socket.end(Buffer.concat([Buffer.from(head, "utf8"), Buffer.from(body, "utf8")]));
}

export async function startHostileServer(): Promise<HostileServer> {
  const requests: string[] = [];
  const timers = new Set<ReturnType<typeof setInterval>>();
  const server = createServer((request, response) => {
    const [, behaviour = "", ...rest] = (request.url ?? "/").split("?")[0]!.split("/");
    const path = `/${rest.join("/")}`;
    requests.push(`${request.method} /${behaviour}${path}`);
    request.resume();
    const key = keyOf(request);
    const authorization = request.headers.authorization ?? "";
    const socket = request.socket;
    const isList = !/\/\d+(\.json)?(\/|$)/.test(path);
    if (behaviour === "silent") return;
    if (behaviour === "trickle") {
      socket.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n[");
      const timer = setInterval(() => socket.write(" "), 50);
      timers.add(timer);
      socket.once("close", () => (clearInterval(timer), timers.delete(timer)));
      return;
    }
    if (behaviour === "deep") {
      const body = isList ? `[${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}]` : `{"id":1,"deep":${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}}`;
      return void response.writeHead(200, { "content-type": "application/json" }).end(body);
    }
    if (behaviour !== "hostile") return void response.writeHead(404).end();
    if (request.method !== "GET" || /\/404(\.json)?(\/|$)/.test(path)) {
      const status = request.method === "GET" ? 404 : 400;
      return answer(socket, status, JSON.stringify(hostileProblem(status, key)), "application/problem+json", key, authorization);
    }
    const body = isList
      ? [hostileResource(1, key, authorization), hostileResource(2, key, authorization)]
      : hostileResource(1, key, authorization);
    answer(socket, 200, JSON.stringify(body), "application/json", key, authorization);
  });
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    requests,
    close: () => {
      for (const timer of timers) clearInterval(timer);
      return listening.close();
    },
  };
}

/** An HTTPS server whose certificate no client trusts (test/support/tls/, self-signed): its URL. */
export async function startUntrustedTlsServer(): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer: createTlsServer } = await import("node:https");
  const { readFileSync } = await import("node:fs");
  const file = (name: string) => readFileSync(new URL(`./tls/${name}`, import.meta.url));
  const server = createTlsServer({ key: file("self-signed.key.pem"), cert: file("self-signed.cert.pem") }, (_, response) =>
    response.writeHead(200, { "content-type": "application/json" }).end("[]"),
  );
  return listenOnLoopback(server, "https");
}
