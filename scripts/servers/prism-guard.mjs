// The guard in front of every Prism the project starts (scripts/servers/prism-process.mjs): a small node:http
// server on the port users connect to, forwarding to Prism on a private loopback port. It exists
// because one request can kill Prism (prism-input.mjs lists the requests that do, and what is done with
// each instead). The guard refuses what the description could never accept before Prism parses it,
// passes the rest in a form Prism survives, and answers with a problem (application/problem+json)
// instead of Prism's own bodies for what it refuses:
// - on loopback, a request addressed to another host name → 403 (a page of another site whose name was
//   pointed at 127.0.0.1: DNS rebinding). The guard is the one place every request passes: Prism drops
//   the Host before the server behind it sees it;
// - a body over the project's limit (64 KiB, src/sandbox/limits.ts) → 413, before it is parsed;
// - a JSON body that is not UTF-8, is nested deeper than MAX_JSON_DEPTH, or is not JSON, a property
//   name Prism cannot report, a malformed Content-Type, a request target that is no URL → 400;
// - Prism not answering within the timeout (a hung upstream behind the proxy) → 504;
// - (proxy) Prism failing to reach the upstream, or getting no HTTP answer from it → 502;
// - Prism itself gone (being restarted) → 503 with Retry-After.
// It also serves the description's paths under the base path of its first server (/public/api), as the
// service does, and at the root too (where the local servers answered first): Prism routes on the
// whole request path, so the guard takes the base path off. A path or method the description lacks is
// answered with a problem naming the paths that work, not Prism's "Route not resolved".
import { createServer, request as forward } from "node:http";
import { PREFLIGHT_HEADERS, refusedOriginDetail } from "../../generated/lib/sandbox/cors.js";
import { FOREIGN_HOST_DETAIL, isLoopbackHostHeader, isLoopbackName } from "../../generated/lib/sandbox/loopback.js";
import { IDEMPOTENT_METHODS } from "../../generated/lib/methods.js";
import { problemJson } from "../../generated/lib/sandbox/problem.js";
import { HTTP_METHODS, pathPattern } from "../lib/openapi.mjs";
import { listen } from "./listen.mjs";
import { forPrism, MAX_BODY_BYTES } from "./prism-input.mjs";

/** How long Prism (and, behind the proxy, the upstream) may take to start answering. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Prism's problem type for an answer that breaks the description: a finding to pass on, not a gateway error. */
const VIOLATION_TYPE = /#VIOLATIONS$/;
/** Long enough for the exit of a dead Prism to be noticed, so the second try waits for its successor. */
const RETRY_AFTER_MS = 200;
/** Room for Prism's answer headers: its CORS headers repeat the request's (up to node's 16 KB, and twice
 * that once its Latin-1 is written as UTF-8), its `sl-violations` adds up to 8 KB of text. */
const PRISM_HEADER_BYTES = 64 * 1024;
/** What Prism puts before its `sl-violations` list when it cut the list at 8 KB. */
const CUT_SHORT = "Too many violations! ";

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

/** The path the description's first server is under ("/public/api"), or "" when it is the root. */
export function basePathOf(description) {
  const server = description.servers?.[0];
  if (typeof server?.url !== "string") return "";
  const url = server.url.replace(/\{([^}]*)\}/g, (_, name) => server.variables?.[name]?.default ?? "host.invalid");
  try {
    return new URL(url, "http://host.invalid").pathname.replace(/\/+$/, "");
  } catch {
    return "";
  }
}

/** A request target without the base path in front; any other target as it is (the root's). */
export function withoutBasePath(target, basePath) {
  if (!basePath || !target.startsWith(basePath)) return target;
  const rest = target.slice(basePath.length);
  return rest === "" || rest.startsWith("?") ? `/${rest}` : rest.startsWith("/") ? rest : target;
}

/** Prism's problem types for a request the description has no operation for. */
const ROUTING_REFUSAL = /#NO_(PATH|METHOD)_MATCHED_ERROR$/;
/** The longest quote of a request's path in an answer. */
const MAX_QUOTED_PATH = 120;

/** Prism's `sl-violations` header (its list of what a request broke), or undefined when absent or
 * unreadable. A list Prism cut short (a long property name, many violations) keeps its whole entries. */
function violationsOf(header) {
  if (typeof header !== "string") return undefined;
  const isList = (list) =>
    Array.isArray(list) && list.length > 0 && list.every((v) => Array.isArray(v?.location) && typeof v.message === "string");
  if (header.startsWith(CUT_SHORT)) {
    const text = header.slice(CUT_SHORT.length);
    for (let end = text.lastIndexOf("},{"); end > 0; end = text.lastIndexOf("},{", end - 1)) {
      const list = parsed(`${text.slice(0, end + 1)}]`);
      if (isList(list)) return [...list, { location: [], message: "Prism's list of violations was cut short here" }];
    }
    return undefined;
  }
  const list = parsed(header);
  return isList(list) ? list : undefined;
}

function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A problem that says what a request broke, from Prism's violations: each a field error whose pointer
 * is the body's JSON Pointer or the parameter's name, as the sandbox writes them. */
function problemOf(status, violations) {
  const token = (key) => `/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
  const seen = new Set();
  const errors = violations
    .map(({ location: [, where, ...rest], message }) => {
      // Prism names an unknown property on the object holding it: name the property itself, as the sandbox does.
      const unknown = /must NOT have additional properties; found '([^']*)'/.exec(message)?.[1];
      const body = rest.map(token).join("") + (unknown === undefined ? "" : token(unknown));
      return { pointer: where === "body" ? body : where === undefined ? "" : rest.join("."), detail: message };
    })
    .filter((error) => {
      const key = `${error.pointer}\u0000${error.detail}`;
      return !seen.has(key) && seen.add(key);
    })
    .slice(0, 100);
  const more = violations.length > 1 ? ` (and ${violations.length - 1} more: see errors)` : "";
  return problemJson(status, `${violations[0].message}${more}.`, { errors });
}

/** Raw headers without the upstream's CORS ones: the guard's own (set on the answer) stand. */
const withoutCors = (raw) =>
  raw.flatMap((value, i) =>
    i % 2 === 0 && /^access-control-/i.test(value) ? [] : i % 2 === 1 && /^access-control-/i.test(raw[i - 1]) ? [] : [value],
  );

/** Sends an RFC 9457 problem unless an answer was already started. */
export function sendProblem(response, status, detail, headers = {}, errors = undefined) {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = problemJson(status, detail, errors ? { errors } : {});
  response
    .writeHead(status, { ...headers, "content-type": "application/problem+json", "content-length": Buffer.byteLength(body) })
    .end(body);
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
  basePath = "",
  examplePath = "/projects.json",
  onAnswered = () => {},
}) {
  const loopback = isLoopbackName(host);
  const server = createServer((incoming, outgoing) => {
    outgoing.once("finish", () => onAnswered(outgoing.statusCode));
    if (loopback && !isLoopbackHostHeader(incoming.headers.host)) return sendProblem(outgoing, 403, FOREIGN_HOST_DETAIL);
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
      const prepared = forPrism(withoutBasePath(incoming.url ?? "/", basePath), incoming.headers, body);
      if (prepared.refused) {
        const [status, detail, errors] = prepared.refused;
        return sendProblem(outgoing, status, detail, {}, errors);
      }
      pass(incoming, outgoing, prepared, body).catch(() =>
        sendProblem(outgoing, 503, "Prism is not running; try again in a moment.", { "retry-after": "1" }),
      );
    });
  });

  /** Sends the prepared request ({ url, headers } from prism-input.mjs) to Prism and its answer back. */
  async function pass(incoming, outgoing, prepared, body, attempt = 0) {
    // An allowed page's origin is already set on the answer: the upstream's CORS headers do not replace it.
    const origin = cors ? incoming.headers.origin : undefined;
    const pathname = new URL(prepared.url, "http://x").pathname;
    const bypassed = bypass(pathname);
    const base = new URL(bypassed ?? (await target()));
    const headers = { ...prepared.headers };
    delete headers["transfer-encoding"];
    if (body.length > 0 || headers["content-length"] !== undefined) headers["content-length"] = String(body.length);
    const upstream = forward({
      host: base.hostname,
      port: base.port,
      method: incoming.method,
      path: prepared.url,
      headers,
      maxHeaderSize: PRISM_HEADER_BYTES,
    });
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
            pass(incoming, outgoing, prepared, body, 1).catch(() =>
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
      if ((answer.statusCode === 404 || answer.statusCode === 405) && /problem\+json/.test(answer.headers["content-type"] ?? "")) {
        // Prism's refusal of a path or method the description lacks: said in the words of this server.
        const parts = [];
        answer.on("data", (chunk) => parts.push(chunk));
        answer.on("end", () => {
          const text = Buffer.concat(parts).toString("utf8");
          const type = parsed(text)?.type;
          if (typeof type === "string" && ROUTING_REFUSAL.test(type)) {
            const sent = new URL(incoming.url ?? "/", "http://x").pathname;
            return sendProblem(outgoing, answer.statusCode, routingDetail(answer.statusCode, sent, allowed(pathname)), {
              ...(answer.statusCode === 405 && { allow: allowed(pathname).join(", ") }),
            });
          }
          const headers = origin === undefined ? [...answer.rawHeaders] : withoutCors(answer.rawHeaders);
          if (answer.statusCode === 405 && answer.headers.allow === undefined && allowed(pathname).length > 0)
            headers.push("Allow", allowed(pathname).join(", "));
          outgoing.writeHead(answer.statusCode, headers).end(text);
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
        const methods = allowed(pathname);
        if (methods.length > 0) headers.push("Allow", methods.join(", ")); // RFC 9110 requires it; Prism leaves it out
      }
      outgoing.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(outgoing);
    });
    upstream.end(body);
  }

  /** What a request for a path (or method) the description lacks is told: the paths this server answers. */
  function routingDetail(status, sent, methods) {
    const quoted = sent.length > MAX_QUOTED_PATH ? `${sent.slice(0, MAX_QUOTED_PATH)}…` : sent;
    if (status === 405) return `${quoted} takes ${methods.join(", ") || "no other method"} only.`;
    const where = basePath
      ? `under ${basePath} as the service does (e.g. ${basePath}${examplePath}), and at its root too (${examplePath})`
      : `at its root (e.g. ${examplePath})`;
    return `No operation of the description has the path ${quoted}. This server answers the description's paths ${where}.`;
  }

  return listen(server, port, host);
}
