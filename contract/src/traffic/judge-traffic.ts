// One engine for traffic the checker did not send: each recorded exchange (from a HAR file or the
// proxy) becomes the call it was, and goes to the model and the judge of a live run (model/world.ts
// observe, model/judge.ts) — the same rules, levels and check ids. Nothing is sent: the tracker it
// feeds holds no sender (no target, suite or transport).
// What cannot be judged is counted with its reason, never guessed: a project made before the
// recording began, a caller the recording has not identified yet, a method the interface says nothing of.
import { KEY_HEADERS, KEY_PARAMETERS } from "../callers/credentials.js";
import { DEFAULT_LIMIT, operations } from "../description/description.js";
import type { Level } from "../runner/check.js";
import type { CheckResult } from "../runner/result.js";
import type { CallerName } from "../sequences/steps.js";
import { judge, judgeFinding } from "../model/judge.js";
import { Ledger } from "../model/ledger.js";
import type { Call } from "../model/world.js";
import type { RawResponse } from "../transport/http.js";
import type { Redact } from "../transport/redact.js";
import type { Exchange } from "../transport/transport.js";
import { isRedactedCredential, TrafficWorld } from "./world.js";
import { SeenBefore } from "./seen-before.js";
import { Wire } from "../checks/wire.js";
import { Pages } from "./pages.js";
import { UnorderedUpdates } from "./unordered-updates.js";
import * as toolkit from "../toolkit/openapi.mjs";

/** How deep a body may nest and still be judged: a deeper one would overflow the stack of every
 * recursive walk after JSON.parse (which itself is iterative). */
export const MAX_DEPTH = 64;

/** The nesting depth of a JSON text, counted without parsing it (brackets outside strings). */
export function depthOf(text: string): number {
  let depth = 0;
  let most = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) most = Math.max(most, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return most;
}

/** A body parsed, when it is JSON no deeper than MAX_DEPTH. */
export function parsedBody(text: string | undefined): { json?: unknown; tooDeep?: true } {
  if (!text) return {};
  if (depthOf(text) > MAX_DEPTH) return { tooDeep: true };
  try {
    return { json: JSON.parse(text) };
  } catch {
    return {};
  }
}

const PROJECT_IN_PATH = /^\/(?:v1\/)?projects\/(-?\d+)(?:\.json$|\/)/;
const described = operations().map((op) => ({ op, pattern: new RegExp(`^${toolkit.pathPattern(op.path).source}$`) }));
/** Methods the interface says nothing of and a live run's model never sends. */
/** The paginated lists (they take limit and offset). */
const LISTS = new Set(
  operations()
    .filter((op) => op.parameters.some((p: { in: string; name: string }) => p.in === "query" && p.name === "limit"))
    .map((op) => op.operationId),
);
const READS = new Set(["GET", "HEAD", "OPTIONS"]);
const UNJUDGED_METHODS = new Set(["HEAD", "OPTIONS", "CONNECT", "TRACE"]);
const TEXT_KEPT = 64 * 1024;

export interface TrafficCounts {
  /** Exchanges given. */
  seen: number;
  /** Judged by the model. */
  judged: number;
  /** Not to this interface's base URL (another host, another path). */
  elsewhere: number;
  /** Not judged, by reason. */
  notJudged: Map<string, number>;
}

export class TrafficJudge {
  readonly ledger = new Ledger();
  readonly world: TrafficWorld;
  private readonly wire: Wire;
  private readonly pages = new Pages((finding) => judgeFinding(this.world, finding));
  readonly counts: TrafficCounts = { seen: 0, judged: 0, elsewhere: 0, notJudged: new Map() };
  private readonly base: URL;
  /** What the recording shows of projects made before it: listed to a caller, and refused to it. */
  private readonly seenBefore = new SeenBefore((finding) => judgeFinding(this.world, finding));
  /** Updates of a project at once, whose order the recording does not show. */
  private readonly unordered = new UnorderedUpdates();

  constructor(options: { baseUrl: string; level: Level; redact: Redact; known?: { key?: string; other?: string } }) {
    this.base = new URL(options.baseUrl);
    this.world = new TrafficWorld({ level: options.level, redact: options.redact }, this.ledger, judge, options.known ?? {});
    this.wire = new Wire(options.baseUrl.replace(/\/$/, ""), options.redact);
  }

  /** The path under the base URL, or undefined when the exchange went elsewhere. */
  private pathOf(url: URL): string | undefined {
    const basePath = this.base.pathname.replace(/\/$/, "");
    if (url.origin !== this.base.origin || !url.pathname.startsWith(`${basePath}/`)) return undefined;
    return url.pathname.slice(basePath.length);
  }

  private notJudged(reason: string, operation?: string, role?: string): void {
    this.counts.notJudged.set(reason, (this.counts.notJudged.get(reason) ?? 0) + 1);
    if (operation && role) this.ledger.skip(operation, role, "outcome", `not judged from the recording: ${reason}`);
  }

  /** Judges recorded exchanges in the order they ended (what a write did is there once it answered):
   * a read answered while a write to the same project (or the organization) was under way is not
   * judged against it, as their order is not known. */
  async judgeAll(recorded: ReadonlyArray<{ exchange: Exchange; responseBody?: string }>): Promise<void> {
    const timed = recorded.map((r, index) => {
      const start = Date.parse(r.exchange.started);
      return { ...r, index, start, end: start + Math.max(0, r.exchange.ms) };
    });
    const ordered = timed.every((t) => !Number.isNaN(t.start)) ? [...timed].sort((a, b) => a.end - b.end || a.index - b.index) : timed;
    const writes = ordered
      .filter((t) => !READS.has(t.exchange.method.toUpperCase()))
      .map((t) => ({ ...t, about: this.writtenBy(t.exchange) }));
    for (const t of ordered) {
      const overlapped = new Set<string>();
      // Times are recorded to the millisecond: two exchanges that meet in the same one (a write begun
      // or ended as the read ended) may have come in either order.
      for (const w of writes) if (w.index !== t.index && w.about && w.start <= t.end && t.start <= w.end) overlapped.add(w.about);
      await this.judge(t.exchange, t.responseBody ?? t.exchange.responseText, overlapped);
    }
  }

  /** What a write is about: "project N", "organization" (undefined for anything else). */
  private writtenBy(exchange: Exchange): string | undefined {
    let path: string | undefined;
    try {
      path = this.pathOf(new URL(exchange.url));
    } catch {
      return undefined;
    }
    if (path === undefined) return undefined;
    if (path === "/organizations.json") return "organization";
    const project = PROJECT_IN_PATH.exec(path)?.[1];
    if (project !== undefined) return `project ${Number(project)}`;
    if (path === "/projects.json") {
      const id = /"id"\s*:\s*(\d+)/.exec(exchange.responseText)?.[1];
      return id === undefined ? undefined : `project ${Number(id)}`;
    }
    return undefined;
  }

  /** Judges one recorded exchange. `responseBody` is the answer's whole text when the recording holds
   * it (else its start: `exchange.responseText`); `overlapped` names what writes under way while it was
   * answered were about. */
  async judge(exchange: Exchange, responseBody = exchange.responseText, overlapped: ReadonlySet<string> = new Set()): Promise<void> {
    this.counts.seen++;
    let url: URL;
    try {
      url = new URL(exchange.url);
    } catch {
      this.counts.elsewhere++;
      return;
    }
    const path = this.pathOf(url);
    if (path === undefined) {
      this.counts.elsewhere++;
      return;
    }
    // Every body to the interface as it was sent: the live run's wire check, on the recorded bytes.
    if (Buffer.byteLength(responseBody) >= exchange.size) this.wire.inspect(exchange, Buffer.from(responseBody, "utf8"));
    const method = exchange.method.toUpperCase();
    const op = described.find(({ op, pattern }) => op.method.toUpperCase() === method && pattern.test(path))?.op;
    const listed = described.find(({ pattern }) => pattern.test(path))?.op;
    const operation = op?.operationId ?? (listed ? `${method} ${listed.path}` : `${method} a path the interface does not list`);
    if (UNJUDGED_METHODS.has(method)) return this.notJudged(`${method}: the interface says nothing of it`);
    if (!READS.has(method) && exchange.status < 500) this.pages.written(this.writtenBy(exchange));
    const headers = lowerCased(exchange.requestHeaders);
    if (headers.authorization !== undefined && isRedactedCredential(headers.authorization))
      return this.notJudged("a credential the recording redacted (who sent it cannot be told)", operation);
    const otherForm = credentialInAnotherForm(headers, url);
    if (otherForm)
      return this.notJudged(`a credential ${otherForm}, not the interface's (HTTP Basic, the key as user name, empty password)`, operation);
    const caller = this.world.callerOf(headers.authorization) as CallerName;
    const projectMatch = PROJECT_IN_PATH.exec(path);
    const project = projectMatch ? Number(projectMatch[1]) : undefined;
    const role = this.world.roleOf(caller, project);
    if (exchange.status === 429 || exchange.status === 503) return this.notJudged("the server was busy (429/503)", operation, role);
    if (exchange.status === 0 || exchange.status < 100) return this.notJudged("the recording holds no answer", operation, role);
    // A conditional request's answers (304 Not Modified, 412) say nothing of the resource to judge.
    if (exchange.status === 304 || exchange.status === 412)
      return this.notJudged("a conditional request answered 304 or 412 (no resource in the answer)", operation, role);
    const unlisted = op
      ? [...url.searchParams.keys()].filter((name) => !op.parameters.some((p) => p.in === "query" && p.name === name))
      : [];
    if (unlisted.length > 0 && exchange.status >= 400 && exchange.status < 500)
      return this.notJudged("refused with a query parameter the operation does not take (the server may refuse it)", operation, role);
    // A project's own list changes only with a write to that project; the others with any.
    const listOverlapped = project !== undefined ? overlapped.has(`project ${project}`) : overlapped.size > 0;
    if (LISTS.has(operation) && exchange.status === 200 && !listOverlapped) {
      const page = parsedBody(responseBody);
      if (Array.isArray(page.json)) this.pages.read(caller, role, operation, path, page.json, exchange);
    }
    if (path.startsWith("/copy/"))
      return this.notJudged("about a copy made before the recording began (the model knows the projects made during it)", operation, role);
    if (project !== undefined && !this.world.madeHere.has(project)) {
      this.seenBefore.observe(caller, role, project, operation, exchange, overlapped);
      return this.notJudged("about a project made before the recording began (who may see or change it is not known)", operation, role);
    }
    if (!this.world.resolve(caller, exchange.status))
      return this.notJudged("a credential the recording has not yet shown to be an account's or no one's", operation, role);
    const concurrent =
      project !== undefined ? overlapped.has(`project ${project}`) : path === "/organizations.json" && overlapped.has("organization");
    if (concurrent && READS.has(method))
      return this.notJudged("answered while a write to the same resource was under way (their order is not known)", operation, role);
    const request = parsedBody(exchange.requestBody);
    const answer = parsedBody(responseBody);
    if (request.tooDeep || answer.tooDeep) return this.notJudged(`a body nested deeper than ${MAX_DEPTH} levels`, operation, role);
    const call: Call = {
      caller,
      operation,
      method,
      path,
      ...(exchange.requestBody !== undefined && {
        body: request.json !== undefined && isPlainBody(request.json) ? request.json : exchange.requestBody,
      }),
      ...(project !== undefined && { project }),
    };
    this.world.remember(call, url.search, headers["content-type"], exchange.requestBody);
    const truncated = responseBody.length > TEXT_KEPT || (responseBody !== "" && Buffer.byteLength(responseBody) < exchange.size);
    if (truncated && answer.json === undefined)
      return this.notJudged("the recording holds only the start of the answer's body", operation, role);
    const response: RawResponse = {
      method,
      url: exchange.url,
      status: exchange.status,
      contentType: lowerCased(exchange.responseHeaders)["content-type"] ?? "",
      headers: headersOf(exchange.responseHeaders),
      text: responseBody.slice(0, TEXT_KEPT),
      truncated,
      json: answer.json,
    };
    const why = this.world.learnFrom(call, exchange.status, answer.json);
    if (why) return this.notJudged(why, operation, role);
    const record = project === undefined ? undefined : this.world.model.projects.get(project);
    if (record && exchange.status >= 200 && exchange.status < 300) {
      const start = Date.parse(exchange.started);
      if (operation === "updateProject") this.unordered.updated(record.id, record, request.json, start, start + Math.max(0, exchange.ms));
      else if (operation === "deleteProject") this.unordered.forget(record.id);
      else if (operation === "getProject") {
        const state = this.unordered.stateShown(record.id, answer.json);
        // Too many orders to try: the fields are as shown from now on, this read not judged.
        if (state === "too many" && answer.json && typeof answer.json === "object") {
          this.world.adoptProject(record, answer.json as Record<string, unknown>);
          return this.notJudged(
            "read after more updates at once than the judge orders every way (their order is not known)",
            operation,
            role,
          );
        }
        if (state && state !== "too many") Object.assign(record, state);
      }
    }
    const roles =
      operation === "deleteProject" ? new Map([...this.world.accounts.keys()].map((c) => [c, this.world.roleOf(c, project)])) : undefined;
    // A write's time is when its request began: the server may have stamped it any time after, and a
    // slow or queued answer (a busy recording) must not make the model expect a later `modified`.
    const answeredAt = Date.parse(exchange.started) + (READS.has(method) ? Math.max(0, exchange.ms) : 0);
    const executed = await this.world.observe(call, response, exchange, Number.isNaN(answeredAt) ? undefined : answeredAt);
    this.world.commit(executed);
    this.world.afterCommit(executed, roles);
    if (operation === "listProjects" && exchange.status === 200 && Array.isArray(answer.json)) {
      this.seenBefore.listed(caller, answer.json as unknown[], exchange, overlapped, (id) => this.world.madeHere.has(id));
      await this.judgeList(caller, answer.json as unknown[], exchange, overlapped);
    }
    this.counts.judged++;
  }

  /** A list the caller was served holds no project the model says it may not see, and none deleted
   * (the stated rules: visible when added, deleting is permanent). A project not in it is not judged:
   * the recording may hold only the pages the client asked for. */
  private async judgeList(caller: CallerName, items: unknown[], exchange: Exchange, overlapped: ReadonlySet<string>): Promise<void> {
    const query = new URL(exchange.url).searchParams;
    const offset = Number(query.get("offset") ?? 0);
    const limit = Number(query.get("limit") ?? DEFAULT_LIMIT);
    // The first page, shorter than its limit, is the whole list: every project the caller may see is in it.
    if (offset === 0 && Number.isInteger(limit) && limit > 0 && items.length < limit) {
      const listed = new Set(items.map((item) => (item as { id?: unknown } | null)?.id));
      for (const id of this.world.madeHere) {
        if (listed.has(id) || overlapped.has(`project ${id}`) || this.world.deleted.has(id)) continue;
        this.world.nameBySight(caller, id);
        if ((await this.world.expectedProject(id, caller)) === undefined) continue;
        judgeFinding(this.world, {
          operation: "listProjects",
          role: this.world.roleOf(caller, id),
          rule: "visible-when-added",
          problem: `the whole list (${items.length} projects, fewer than its limit of ${limit}) lacks project ${id}, which the caller may see: ${exchange.method} ${exchange.url} → ${exchange.status}`,
          exchange,
          reproduction: this.world.reproduction(id, exchange),
          status: exchange.status,
        });
      }
    }
    for (const item of items) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id !== "number" || !this.world.madeHere.has(id) || overlapped.has(`project ${id}`)) continue;
      this.world.nameBySight(caller, id);
      const role = this.world.roleOf(caller, id);
      const gone = this.world.deleted.has(id);
      const visible = !gone && (await this.world.expectedProject(id, caller)) !== undefined;
      judgeFinding(this.world, {
        operation: "listProjects",
        role,
        rule: gone ? "delete-is-permanent" : "visible-when-added",
        ...(!visible && {
          problem: `the list holds project ${id}, which the caller ${gone ? "deleted earlier in the recording" : "may not see"}: ${exchange.method} ${exchange.url} → ${exchange.status}`,
        }),
        exchange,
        reproduction: this.world.reproduction(id, exchange),
        status: exchange.status,
      });
    }
  }

  results(): CheckResult[] {
    return [...this.ledger.results(), ...this.wire.results()];
  }
}

/** KEY_LABELS' values: the checker's own HAR names its keys so. */
const LABEL = /^(?:Basic\s+)?\[[^\]]+\]$/;

/** Where a request carries a credential another way than the interface says, if it does: such a
 * request is not judged (whether the server may take it, the interface does not say). */
function credentialInAnotherForm(headers: Record<string, string>, url: URL): string | undefined {
  const parameter = KEY_PARAMETERS.find((name) => url.searchParams.has(name));
  if (parameter) return "in the query";
  const header = KEY_HEADERS.find((name) => headers[name] !== undefined);
  if (header) return "in a header of its own";
  const authorization = headers.authorization?.trim();
  if (authorization === undefined || LABEL.test(authorization)) return undefined;
  const token = /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
  if (!token) return "of another scheme than Basic";
  const decoded = Buffer.from(token, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0 || colon !== decoded.length - 1) return "as a Basic password or with one";
  return undefined;
}

/** A request body the model takes parsed: an object or array (a string or number is sent as recorded). */
const isPlainBody = (value: unknown) => value !== null && typeof value === "object";

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function headersOf(record: Record<string, string>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(record))
    try {
      headers.append(name, value);
    } catch {
      // A name or value fetch's Headers refuses (a recording may hold anything): left out.
    }
  return headers;
}
