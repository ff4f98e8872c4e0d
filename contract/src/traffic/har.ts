// A HAR 1.2 file (a browser's, a proxy's, the checker's own --har) read as the exchanges it records,
// within bounds whatever the file holds: at most `maxBytes` of it is read (a larger one is refused before
// it is read), nesting deeper than MAX_DEPTH is refused before JSON.parse (whose result would overflow
// the stack of any walk of it), and anything that is not a HAR gets one line saying what it is. An entry
// that cannot be read is counted, not fatal; a body stored as base64 is decoded, and one that is not
// text is kept as "binary" (its exchange is judged by status and headers alone).
import { openSync, readSync, closeSync, fstatSync } from "node:fs";
import type { Exchange } from "../transport/transport.js";
import { depthOf, MAX_DEPTH } from "./judge-traffic.js";
import { secretsOfHeader, secretsOfUrl } from "./secrets.js";

export class HarError extends Error {
  override name = "HarError";
}

/** The largest HAR read by default (--max-har-mb). */
export const DEFAULT_MAX_HAR_BYTES = 64 * 1024 * 1024;

export interface RecordedExchange {
  exchange: Exchange;
  /** The answer's whole text, as recorded. */
  responseBody: string;
}

export interface HarContent {
  entries: RecordedExchange[];
  /** Entries that could not be read as an exchange. */
  malformed: number;
  /** Every credential and cookie value the file's requests and answers carry. */
  secrets: string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === "object" && !Array.isArray(value);

/** The file's text, refused when larger than `maxBytes` (read no further than that). */
function readBounded(path: string, maxBytes: number): string {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    throw new HarError(
      `cannot read the HAR file ${JSON.stringify(path)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new HarError(`${JSON.stringify(path)} is not a file`);
    if (stat.size > maxBytes)
      throw new HarError(
        `the HAR file is ${(stat.size / 1024 / 1024).toFixed(1)} MB, more than the ${maxBytes / 1024 / 1024} MB read (--max-har-mb): split it, or raise the limit`,
      );
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) throw new HarError(`the HAR file grew past ${maxBytes / 1024 / 1024} MB while it was read`);
    }
    return buffer.subarray(0, length).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** Reads the HAR file at `path` into exchanges; throws HarError (one line) when it is not one. */
export function readHar(path: string, maxBytes = DEFAULT_MAX_HAR_BYTES): HarContent {
  return parseHar(readBounded(path, maxBytes));
}

export function parseHar(text: string): HarContent {
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (!start.startsWith("{")) throw new HarError("not a HAR file: it does not begin with a JSON object");
  if (depthOf(start) > MAX_DEPTH) throw new HarError(`not a HAR file: it nests deeper than ${MAX_DEPTH} levels`);
  let document: unknown;
  try {
    document = JSON.parse(start);
  } catch (error) {
    throw new HarError(`not a HAR file: not JSON (${(error as Error).message.slice(0, 120)})`);
  }
  const log = isObject(document) ? document.log : undefined;
  if (!isObject(log) || !Array.isArray(log.entries)) throw new HarError("not a HAR file: no log.entries list");
  const entries: RecordedExchange[] = [];
  const secrets = new Set<string>();
  let malformed = 0;
  for (const [index, entry] of log.entries.entries()) {
    const read = readEntry(entry, index + 1, secrets);
    if (read) entries.push(read);
    else malformed++;
  }
  return { entries, malformed, secrets: [...secrets] };
}

function headersOf(list: unknown, secrets: Set<string>): Record<string, string> | undefined {
  if (list === undefined) return {};
  if (!Array.isArray(list)) return undefined;
  const headers: Record<string, string> = {};
  for (const header of list) {
    if (!isObject(header) || typeof header.name !== "string" || typeof header.value !== "string") return undefined;
    for (const secret of secretsOfHeader(header.name, header.value)) secrets.add(secret);
    const name = header.name.toLowerCase();
    // HTTP/2 pseudo-headers (":authority") are the request line's, not headers.
    if (name.startsWith(":")) continue;
    headers[name] = name in headers ? `${headers[name]}, ${header.value}` : header.value;
  }
  return headers;
}

/** A body's text, or "" with `binary` when the recording holds bytes that are not text. */
function contentText(content: Json | undefined): { text: string; binary: boolean } {
  const raw = typeof content?.text === "string" ? content.text : "";
  if (content?.encoding !== "base64") return { text: raw, binary: false };
  const bytes = Buffer.from(raw, "base64");
  const text = bytes.toString("utf8");
  return text.includes("\uFFFD") || text.includes("\u0000") ? { text: "", binary: true } : { text, binary: false };
}

function readEntry(entry: unknown, id: number, secrets: Set<string>): RecordedExchange | undefined {
  if (!isObject(entry) || !isObject(entry.request) || !isObject(entry.response)) return undefined;
  const { request, response } = entry;
  if (typeof request.method !== "string" || typeof request.url !== "string" || typeof response.status !== "number") return undefined;
  for (const secret of secretsOfUrl(request.url)) secrets.add(secret);
  const requestHeaders = headersOf(request.headers, secrets);
  const responseHeaders = headersOf(response.headers, secrets);
  if (!requestHeaders || !responseHeaders) return undefined;
  const postData = isObject(request.postData) ? request.postData : undefined;
  // HAR keeps the request body's type beside it (postData.mimeType); some recorders leave the header out.
  if (requestHeaders["content-type"] === undefined && typeof postData?.mimeType === "string" && postData.mimeType !== "")
    requestHeaders["content-type"] = postData.mimeType;
  const content = isObject(response.content) ? response.content : undefined;
  const body = contentText(content);
  const size = typeof content?.size === "number" && content.size >= 0 ? content.size : Buffer.byteLength(body.text);
  return {
    exchange: {
      id,
      started: typeof entry.startedDateTime === "string" ? entry.startedDateTime : "",
      method: request.method.toUpperCase(),
      url: request.url,
      requestHeaders,
      ...(typeof postData?.text === "string" && { requestBody: postData.text }),
      status: response.status,
      statusText: typeof response.statusText === "string" ? response.statusText : "",
      responseHeaders,
      responseText: body.text.slice(0, 64 * 1024),
      // A binary body is judged as one the recording does not hold whole.
      size: body.binary ? Math.max(size, 1) : Math.max(size, Buffer.byteLength(body.text)),
      attempts: 1,
      ms: typeof entry.time === "number" ? entry.time : 0,
    },
    responseBody: body.text,
  };
}
