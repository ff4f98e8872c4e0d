// Every body as the server sent it, not as a parser forgives it: each response the run receives, to
// every operation and errors included, is looked at once as it arrives (the transport hands it over):
//   - a body has a JSON content type and is JSON ("All bodies are JSON");
//   - a field the interface types `int` is written as an integer (`12`, not `12.0` or `1.2e1`);
//   - a datetime has a UTC offset ("an ISO 8601 timestamp with a UTC offset"), and is not later than
//     the answer's own Date by more than a few minutes;
//   - no form of a credential the run sent (the key, encoded, re-cased, echoed) is in it;
//   - its framing: a Content-Length agrees with the body's length in bytes (RFC 9110 §8.6), where the
//     body was not decoded on the way (no Content-Encoding) and had a length of its own to send.
// One check per operation, and one per method the interface does not list on a path it lists (the
// router's refusal has a body too): documented facts, each failure with the exchange that showed it.
// A busy answer (429, 503) may be a gateway's, in its own format: its body is not judged.
import { DOCUMENTED_TAG } from "../runner/check.js";
import {
  documentedBundle,
  listedPathOf,
  operationOf,
  operations,
  resolveSchema,
  successResponse,
  type Json,
  type Operation,
} from "../description/description.js";
import type { Redact } from "../transport/redact.js";
import type { CheckResult } from "../runner/result.js";
import type { Exchange } from "../transport/transport.js";
import { instant, isJsonMediaType } from "../transport/media-type.js";

const INTEGER = /^-?(?:0|[1-9]\d*)$/;
/** How far past the answer's Date a timestamp may be (clocks a little apart). */
const FUTURE_MS = 5 * 60_000;
/** Bodies larger than this are looked at for their content type only. */
const SCANNED_BYTES = 2 * 1024 * 1024;

/** Each number of a JSON text with its path and its text as written; throws on text that is not JSON. */
export function numbersOf(text: string): Array<{ path: Array<string | number>; raw: string }> {
  const found: Array<{ path: Array<string | number>; raw: string }> = [];
  let at = 0;
  const space = () => {
    while (at < text.length && " \t\n\r".includes(text[at]!)) at++;
  };
  const fail = (): never => {
    throw new SyntaxError(`not JSON at character ${at}`);
  };
  const string = (): string => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a JSON string holds no raw control character
    const match = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(text.slice(at, at + 1_000_000));
    if (!match) fail();
    at += match![0].length;
    return JSON.parse(match![0]) as string;
  };
  const value = (path: Array<string | number>): void => {
    space();
    const c = text[at];
    if (c === "{") {
      at++;
      space();
      if (text[at] === "}") {
        at++;
        return;
      }
      for (;;) {
        space();
        const key = string();
        space();
        if (text[at++] !== ":") fail();
        value([...path, key]);
        space();
        const next = text[at++];
        if (next === "}") return;
        if (next !== ",") fail();
      }
    }
    if (c === "[") {
      at++;
      space();
      if (text[at] === "]") {
        at++;
        return;
      }
      for (let index = 0; ; index++) {
        value([...path, index]);
        space();
        const next = text[at++];
        if (next === "]") return;
        if (next !== ",") fail();
      }
    }
    if (c === '"') {
      string();
      return;
    }
    const literal = /^(?:true|false|null)/.exec(text.slice(at, at + 5));
    if (literal) {
      at += literal[0].length;
      return;
    }
    const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
    if (!number) fail();
    found.push({ path, raw: number![0] });
    at += number![0].length;
  };
  value([]);
  space();
  if (at !== text.length) fail();
  return found;
}

/** The schema at `path` under `schema` (objects, arrays, nullable types, allOf/oneOf), if the description has one. */
function schemaAt(schema: Json, path: Array<string | number>): Json | undefined {
  let node: Json | undefined = resolveSchema(schema);
  for (const segment of path) {
    if (!node) return undefined;
    const branches: Json[] = [node, ...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])].map(resolveSchema);
    const next: Json | undefined =
      typeof segment === "number"
        ? branches.find((b) => b.items)?.items
        : branches.find((b) => b.properties?.[segment])?.properties?.[segment];
    node = next === undefined ? undefined : resolveSchema(next);
  }
  return node;
}

const types = (schema: Json | undefined): string[] => (schema ? [schema.type].flat().filter(Boolean) : []);

interface Finding {
  exchange: Exchange;
  message: string;
}

export class Wire {
  private readonly seen = new Map<string, { operation: string; count: number }>();
  private readonly failed = new Map<string, Finding>();
  /** The operations whose answers held a datetime: their check exercised the rule of timestamps too. */
  private readonly dated = new Set<string>();

  constructor(
    private readonly baseUrl: string,
    private readonly redact: Redact,
  ) {}

  /** Looks at one answer as it arrived: `bytes` is its whole body (as far as it was read). */
  inspect(exchange: Exchange, bytes: Uint8Array): void {
    const op = operationOf(exchange.method, exchange.url, this.baseUrl);
    const unlisted = op ? undefined : unlistedMethodOn(exchange, this.baseUrl);
    if (!op && !unlisted) return;
    const operation = op?.operationId ?? unlisted!;
    const key = !op
      ? `${unlisted} (a method the interface does not list on its path)`
      : exchange.status >= 400
        ? `${op.operationId} (its refusals and errors)`
        : op.operationId;
    this.seen.set(key, { operation, count: (this.seen.get(key)?.count ?? 0) + 1 });
    if (this.failed.has(key)) return;
    const problem = this.problemOf(exchange, bytes, op, key);
    if (problem) this.failed.set(key, { exchange, message: problem });
  }

  private problemOf(exchange: Exchange, bytes: Uint8Array, op: Operation | undefined, key: string): string | undefined {
    const framing = framingProblem(exchange, bytes.byteLength);
    if (framing) return framing;
    if (bytes.byteLength === 0 || exchange.status === 204 || exchange.status === 304) return undefined;
    // A busy answer may come from a gateway in front of the service, in its own format: never judged.
    if (exchange.status === 429 || exchange.status === 503) return undefined;
    const type = exchange.responseHeaders["content-type"] ?? "";
    if (!isJsonMediaType(type))
      return `a body of ${bytes.byteLength} bytes with content type ${JSON.stringify(type || "(none)")}, not JSON ("All bodies are JSON")`;
    if (bytes.byteLength > SCANNED_BYTES) return undefined;
    const text = new TextDecoder().decode(bytes);
    const holds = this.redact.holdsCredential ? this.redact.holdsCredential(text) : this.redact(text) !== text;
    if (holds) return "the body holds a credential the run sent (a form of an API key): a server never echoes one";
    let numbers: ReturnType<typeof numbersOf>;
    try {
      numbers = numbersOf(text);
    } catch (error) {
      return `the body is not JSON (${(error as Error).message})`;
    }
    if (exchange.status >= 300 || !op) return undefined;
    const schema = successResponse(operationsOf(op), documentedBundle).schema;
    if (!schema) return undefined;
    for (const { path, raw } of numbers)
      if (types(schemaAt(schema, path)).includes("integer") && !INTEGER.test(raw))
        return `${path.join(".")} is written ${raw}: the interface's int is written as an integer`;
    const date = Date.parse(exchange.responseHeaders.date ?? "");
    const now = Number.isNaN(date) ? Date.parse(exchange.started) + exchange.ms : date;
    for (const { path, value } of stringsOf(JSON.parse(text))) {
      if (schemaAt(schema, path)?.format !== "date-time") continue;
      this.dated.add(key);
      if (Number.isNaN(instant(value))) return `${path.join(".")} is ${JSON.stringify(value)}: "an ISO 8601 timestamp with a UTC offset"`;
      if (instant(value) > now + FUTURE_MS)
        return `${path.join(".")} is ${value}, later than the answer's own time (${new Date(now).toISOString()})`;
    }
    return undefined;
  }

  results(): CheckResult[] {
    return [...this.seen].map(([key, { operation, count }]) => {
      const failed = this.failed.get(key);
      return {
        code: "PCS-WIRE-BODY",
        id: `wire/${key
          .replace(/[^a-zA-Z0-9]+/g, "-")
          .replace(/-$/, "")
          .toLowerCase()}`,
        kind: "wire/*",
        case: key,
        title: `${DOCUMENTED_TAG} wire: ${key}: every body as sent — JSON, integers written as integers, timestamps with a UTC offset, no credential, its Content-Length`,
        group: "wire",
        entries: [],
        operation,
        rules: ["json-bodies", ...(this.dated.has(key) ? ["timestamps"] : [])],
        status: failed ? "failed" : "passed",
        ...(failed && {
          reason: `${failed.message} (${count} bodies looked at): ${failed.exchange.method} ${failed.exchange.url} → ${failed.exchange.status}`,
          exchange: failed.exchange,
        }),
        exchanges: failed ? [failed.exchange] : [],
        ms: 0,
      };
    });
  }
}

/**
 * RFC 9110 §8.6: Content-Length is the length of the content as sent, in bytes. Not judged where the
 * length is another's: HEAD and 304 (the length a GET would have), 1xx and 204 (no content), a coded
 * body (the coded length; the transport decodes it) and Transfer-Encoding (which overrides it, RFC 9112
 * §6.3). A list of one value repeated is that value (§8.6).
 */
export function framingProblem(exchange: Pick<Exchange, "method" | "status" | "responseHeaders">, received: number): string | undefined {
  const headers = exchange.responseHeaders;
  const declared = headers["content-length"];
  if (declared === undefined || exchange.method === "HEAD") return undefined;
  if (exchange.status < 200 || exchange.status === 204 || exchange.status === 304) return undefined;
  if ((headers["content-encoding"] ?? "").trim() !== "" || headers["transfer-encoding"] !== undefined) return undefined;
  const values = declared.split(",").map((value) => value.trim());
  if (!values.every((value) => /^\d+$/.test(value)) || new Set(values).size !== 1)
    return `Content-Length: ${JSON.stringify(declared.slice(0, 60))} is not one length in bytes (RFC 9110 §8.6)`;
  if (Number(values[0]) !== received)
    return `Content-Length: ${values[0]}, but the body as sent is ${received} bytes (RFC 9110 §8.6: the length of the content)`;
  return undefined;
}

/** "PUT /projects/{project_id}.json" for a method the description does not list on a path it lists
 * (the router's refusal, whose body is a body of the interface's too); not for the methods whose
 * answers HTTP defines apart (HEAD has no body; OPTIONS, TRACE and CONNECT are the server's own). */
function unlistedMethodOn(exchange: Pick<Exchange, "method" | "url">, baseUrl: string): string | undefined {
  const method = exchange.method.toUpperCase();
  if (["HEAD", "OPTIONS", "TRACE", "CONNECT"].includes(method)) return undefined;
  const path = listedPathOf(exchange.url, baseUrl);
  return path && `${method} ${path}`;
}

/** The operation as the documented-only bundle has it (what documented facts rest on). */
let documentedOperations: Map<string, Operation> | undefined;
function operationsOf(op: Operation): Operation {
  documentedOperations ??= new Map(operations(documentedBundle).map((o) => [o.operationId, o]));
  return documentedOperations.get(op.operationId) ?? op;
}

function stringsOf(value: unknown, path: Array<string | number> = []): Array<{ path: Array<string | number>; value: string }> {
  if (typeof value === "string") return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, [...path, index]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => stringsOf(item, [...path, key]));
  return [];
}
