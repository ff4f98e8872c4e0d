// The guard in front of every Prism the project starts (scripts/servers/prism-process.mjs): a small node:http
// server on the port users connect to, forwarding to Prism on a private loopback port. It exists
// because one request can kill Prism: Prism logs each request with its parsed body, and a JSON body
// nested a few thousand levels deep overflows the stack while the log line is written (pino's
// JSON.stringify gives up, fast-safe-stringify writes a string where Prism's CLI expects the request
// object, and its log printer throws outside any handler). The guard refuses what the description could
// never accept before Prism parses it, and answers with a problem (application/problem+json) instead of
// Prism's own bodies for what it refuses:
// - a body over the project's limit (64 KiB, src/sandbox/limits.ts) → 413, before it is parsed;
// - a JSON body that is not UTF-8, is nested deeper than MAX_JSON_DEPTH, or is not JSON → 400;
// - Prism not answering within the timeout (a hung upstream behind the proxy) → 504;
// - (proxy) Prism failing to reach the upstream, or getting no HTTP answer from it → 502;
// - Prism itself gone (being restarted) → 503 with Retry-After.
import { createServer, request as forward } from "node:http";
import { PREFLIGHT_HEADERS, refusedOriginDetail } from "../../generated/lib/sandbox/cors.js";
import { MAX_BODY_BYTES } from "../../generated/lib/sandbox/limits.js";
import { IDEMPOTENT_METHODS } from "../../generated/lib/methods.js";
import { problemJson } from "../../generated/lib/sandbox/problem.js";
import { HTTP_METHODS, pathPattern } from "../lib/openapi.mjs";
import { listen } from "./listen.mjs";

/** The project's one request body limit (src/sandbox/limits.ts: the largest valid request, with room). */
export { MAX_BODY_BYTES };
/** Far deeper than any request body of the description (test/faults/server-faults.test.ts checks it),
 * far shallower than what overflows a stack. */
export const MAX_JSON_DEPTH = 64;
/** How long Prism (and, behind the proxy, the upstream) may take to start answering. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Prism's problem type for an answer that breaks the description: a finding to pass on, not a gateway error. */
const VIOLATION_TYPE = /#VIOLATIONS$/;
/** Long enough for the exit of a dead Prism to be noticed, so the second try waits for its successor. */
const RETRY_AFTER_MS = 200;
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** The methods the description's `paths` have for a request path (matched at its end, like Prism and
 * the sandbox, so any server base path works). */
export function allowedMethods(description) {
  const templates = Object.entries(description.paths ?? {}).map(([template, item]) => ({
    pattern: new RegExp(`${pathPattern(template).source}$`),
    methods: Object.keys(item)
      .filter((key) => HTTP_METHODS.includes(key))
      .map((key) => key.toUpperCase()),
  }));
  return (path) => templates.find(({ pattern }) => pattern.test(path))?.methods ?? [];
}

/** Prism's `sl-violations` header (its list of what a request broke), or undefined when absent or unreadable. */
function violationsOf(header) {
  if (typeof header !== "string") return undefined;
  try {
    const list = JSON.parse(header);
    return Array.isArray(list) && list.length > 0 && list.every((v) => Array.isArray(v?.location) && typeof v.message === "string")
      ? list
      : undefined;
  } catch {
    return undefined;
  }
}

/** A problem that says what a request broke, from Prism's violations: each a field error whose pointer
 * is the body's JSON Pointer or the parameter's name, as the sandbox writes them. */
function problemOf(status, violations) {
  const errors = violations.slice(0, 100).map(({ location: [, where, ...rest], message }) => ({
    pointer:
      where === "body"
        ? rest.map((key) => `/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("")
        : where === undefined
          ? ""
          : rest.join("."),
    detail: message,
  }));
  const more = violations.length > 1 ? ` (and ${violations.length - 1} more: see errors)` : "";
  return problemJson(status, `${violations[0].message}${more}.`, { errors });
}

/** Raw headers without the upstream's CORS ones: the guard's own (set on the answer) stand. */
const withoutCors = (raw) =>
  raw.flatMap((value, i) =>
    i % 2 === 0 && /^access-control-/i.test(value) ? [] : i % 2 === 1 && /^access-control-/i.test(raw[i - 1]) ? [] : [value],
  );

/** Sends an RFC 9457 problem unless an answer was already started. */
export function sendProblem(response, status, detail, headers = {}) {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = problemJson(status, detail);
  response
    .writeHead(status, { ...headers, "content-type": "application/problem+json", "content-length": Buffer.byteLength(body) })
    .end(body);
}

/** Whether JSON text nests arrays and objects deeper than `max`, found without parsing (no recursion). */
export function nestedDeeperThan(bytes, max) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > max) return true;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return false;
}

/** Why a request body must not reach Prism (a [status, detail] pair), or undefined. */
export function refusal(body, contentType = "") {
  if (body.length > MAX_BODY_BYTES) return [413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`];
  // Any type: Prism parses some that are not spelled application/json, and the description accepts no deep body.
  if (nestedDeeperThan(body, MAX_JSON_DEPTH))
    return [400, `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`];
  if (body.length === 0 || !JSON_TYPE.test(contentType)) return undefined;
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return [400, "The request body is not valid UTF-8."];
  }
  try {
    JSON.parse(text);
  } catch {
    return [400, "The request body is not valid JSON."];
  }
  return undefined;
}

/**
 * Listens on host:port (0: a free one) and forwards what it accepts to `target()` (Prism's URL, awaited
 * per request, so Prism can be replaced while the guard keeps its port). `bypass(path)` may name another
 * server for a path (the sandbox's test control, which Prism does not know). `gateway`: Prism is a
 * proxy, so its failures to reach the upstream become 502.
 * @param {{ host: string, port: number, target: () => Promise<string>, bypass?: (path: string) => string | undefined,
 *   gateway?: boolean, timeoutMs?: number, allowed?: (path: string) => string[], cors?: (origin: string) => boolean }} options
 * `allowed(path)`: the methods of a path, for the Allow header of Prism's 405. `cors(origin)`: which web
 * pages may call (the sandbox's policy, src/sandbox/cors.ts); the guard then answers CORS itself —
 * refusing other pages with 403, answering preflights, naming the page's origin on every answer — and
 * Prism's own CORS (any origin, echoed) must be off.
 */
export function startGuard({
  host,
  port,
  target,
  bypass = () => undefined,
  gateway = false,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  allowed = () => [],
  cors,
}) {
  const server = createServer((incoming, outgoing) => {
    const origin = cors ? incoming.headers.origin : undefined;
    if (origin !== undefined) {
      if (!cors(origin)) return sendProblem(outgoing, 403, refusedOriginDetail(origin));
      outgoing.setHeader("access-control-allow-origin", origin);
      outgoing.setHeader("vary", "Origin");
      if (incoming.method === "OPTIONS" && incoming.headers["access-control-request-method"] !== undefined)
        return void outgoing.writeHead(204, PREFLIGHT_HEADERS).end();
    }
    const declared = Number(incoming.headers["content-length"] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      outgoing.setHeader("connection", "close");
      return sendProblem(outgoing, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    }
    const chunks = [];
    let size = 0;
    incoming.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        incoming.pause();
        outgoing.setHeader("connection", "close");
        sendProblem(outgoing, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
        outgoing.once("finish", () => incoming.destroy());
        return;
      }
      chunks.push(chunk);
    });
    incoming.on("error", () => outgoing.destroy());
    incoming.on("end", () => {
      if (size > MAX_BODY_BYTES) return;
      const body = Buffer.concat(chunks);
      const refused = refusal(body, incoming.headers["content-type"]);
      if (refused) return sendProblem(outgoing, ...refused);
      pass(incoming, outgoing, body).catch(() =>
        sendProblem(outgoing, 503, "Prism is not running; try again in a moment.", { "retry-after": "1" }),
      );
    });
  });

  async function pass(incoming, outgoing, body, attempt = 0) {
    // An allowed page's origin is already set on the answer: the upstream's CORS headers do not replace it.
    const origin = cors ? incoming.headers.origin : undefined;
    const bypassed = bypass(new URL(incoming.url ?? "/", "http://x").pathname);
    const base = new URL(bypassed ?? (await target()));
    const headers = { ...incoming.headers };
    delete headers["transfer-encoding"];
    if (body.length > 0 || headers["content-length"] !== undefined) headers["content-length"] = String(body.length);
    const upstream = forward({ host: base.hostname, port: base.port, method: incoming.method, path: incoming.url, headers });
    const timer = setTimeout(() => {
      upstream.destroy();
      sendProblem(outgoing, 504, `No answer within ${timeoutMs / 1000} s${gateway ? " from the upstream server" : ""}.`);
    }, timeoutMs);
    const onClose = () => {
      clearTimeout(timer);
      upstream.destroy(); // the client left: stop waiting for Prism
    };
    outgoing.once("close", onClose);
    upstream.on("error", (error) => {
      clearTimeout(timer);
      // Prism just died (and is being replaced): once more, if the request cannot have reached it or is
      // safe to repeat.
      const unsent = error.code === "ECONNREFUSED" || (error.code === "ECONNRESET" && IDEMPOTENT_METHODS.has(incoming.method));
      if (unsent && attempt === 0 && !bypassed && !outgoing.destroyed) {
        outgoing.removeListener("close", onClose);
        setTimeout(
          () =>
            pass(incoming, outgoing, body, 1).catch(() =>
              sendProblem(outgoing, 503, "Prism is not running; try again in a moment.", { "retry-after": "1" }),
            ),
          RETRY_AFTER_MS,
        );
        return;
      }
      if (error.code === "ECONNREFUSED") sendProblem(outgoing, 503, "Prism is restarting; try again in a moment.", { "retry-after": "1" });
      else if (!outgoing.writableEnded && outgoing.headersSent) outgoing.destroy();
      else if (!outgoing.writableEnded) sendProblem(outgoing, 502, `Prism failed: ${error.code ?? error.message}.`);
    });
    upstream.on("response", (answer) => {
      clearTimeout(timer);
      if (gateway && answer.statusCode === 500 && /problem\+json/.test(answer.headers["content-type"] ?? "")) {
        // Prism's 500 is either a violation (pass it on) or its failure to reach the upstream (502).
        const parts = [];
        answer.on("data", (chunk) => parts.push(chunk));
        answer.on("end", () => {
          const text = Buffer.concat(parts).toString("utf8");
          let problem = {};
          try {
            problem = JSON.parse(text);
          } catch {
            /* not Prism's problem: passed on as it is */
          }
          if (typeof problem.type === "string" && !VIOLATION_TYPE.test(problem.type)) {
            return sendProblem(
              outgoing,
              502,
              `The upstream server could not be reached or gave no valid HTTP answer (${problem.detail || problem.title || "no detail"}).`,
            );
          }
          outgoing.writeHead(answer.statusCode, origin === undefined ? answer.rawHeaders : withoutCors(answer.rawHeaders)).end(text);
        });
        return;
      }
      const violations =
        !gateway && (answer.statusCode === 400 || answer.statusCode === 422) ? violationsOf(answer.headers["sl-violations"]) : undefined;
      if (violations) {
        // The mock's 400 carries the description's example, which names another field: say what was wrong.
        answer.resume();
        const problem = problemOf(answer.statusCode, violations);
        const kept = (origin === undefined ? answer.rawHeaders : withoutCors(answer.rawHeaders)).filter(
          (value, i, all) => !/^content-(type|length)$/i.test(i % 2 === 0 ? value : all[i - 1]),
        );
        return void outgoing
          .writeHead(answer.statusCode, [
            ...kept,
            "content-type",
            "application/problem+json",
            "content-length",
            String(Buffer.byteLength(problem)),
          ])
          .end(problem);
      }
      const headers = origin === undefined ? [...answer.rawHeaders] : withoutCors(answer.rawHeaders);
      if (answer.statusCode === 405 && answer.headers.allow === undefined) {
        const methods = allowed(new URL(incoming.url ?? "/", "http://x").pathname);
        if (methods.length > 0) headers.push("Allow", methods.join(", ")); // RFC 9110 requires it; Prism leaves it out
      }
      outgoing.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(outgoing);
    });
    upstream.end(body);
  }

  return listen(server, port, host);
}
