// What a check file is given: the target, the discovered ids, the run's tag and level, and the run's
// one transport with the helpers around it (raw requests, the typed client, failure text, answers
// shared by several checks, and the registry of what the run created).
import { createClient, type ApiClient } from "@project-collaboration/api";
import { Created, mayCreateProject } from "./created.js";
import { CheckList, skipWhen, type CheckContext, type Level } from "./check.js";
import { explain, fillPath, send, type RawRequest, type RawResponse } from "../transport/http.js";
import type { Operation } from "../description/description.js";
import type { Redact } from "../transport/redact.js";
import { REASON_MUTATES, REASON_OTHER_KEY, REASON_PREFER, type Ids, type Target } from "./target.js";
import { currentCheck, type Exchange, type Transport } from "../transport/transport.js";

/** An answer kept to be shared: a body past TEXT_KEPT is not kept parsed (no check needs a body that
 * large whole once it has been answered, and a cache of them would hold every large body of the run). */
export const compact = <R extends RawResponse>(response: R): R => (response.truncated ? { ...response, json: undefined } : response);

export class Suite {
  readonly client: ApiClient;
  readonly created: Created;
  /** Lines the run prints about choices it made (the organization's one change). */
  readonly notes: string[] = [];

  constructor(
    readonly target: Target,
    readonly ids: Ids,
    readonly runTag: string,
    readonly level: Level,
    readonly transport: Transport,
    readonly redact: Redact,
  ) {
    // The package's own client, through the transport (which paces, retries, bounds and records): no
    // retry, timeout or body limit of its own.
    this.client = createClient({
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      userAgent: "pcs-contract/1",
      retry: false,
      timeoutMs: Number.POSITIVE_INFINITY,
      maxResponseBytes: Number.POSITIVE_INFINITY,
      fetch: (input: Request) => transport.fetch(input),
    });
    this.created = new Created(this);
  }

  private readonly locks = new Map<string, Promise<unknown>>();
  private answers = new Map<string, Promise<{ value: unknown; exchanges: Exchange[] }>>();

  /** What `make` answers, made once for every check that asks with the same `key` (until the
   * answers are forgotten: a failure is re-tried with fresh ones). Each check that asks gets the
   * exchanges behind it, for its curl line. Keep what the checks need, not whole bodies (`compact`). */
  async shared<T>(key: string, make: () => Promise<T>): Promise<T> {
    let entry = this.answers.get(key);
    if (!entry) {
      const store = { exchanges: [] as Exchange[] };
      entry = currentCheck.run(store, async () => ({ value: await make(), exchanges: store.exchanges }));
      this.answers.set(key, entry);
    }
    const { value, exchanges } = await entry;
    currentCheck.getStore()?.exchanges.push(...exchanges);
    return value as T;
  }

  /** The next asks of `shared` are answered afresh (before failures are re-tried). */
  forgetAnswers(): void {
    this.answers = new Map();
  }

  /** Runs `work` alone among the work that names the same `resource`: the organization, which the run
   * cannot create — its scenario judges every read of it against the run's own changes, so no other
   * write of the run may land in between (in whichever order the two were begun). */
  exclusive<T>(resource: "organization", work: () => Promise<T>): Promise<T> {
    const before = this.locks.get(resource) ?? Promise.resolve();
    const mine = before.then(work, work);
    this.locks.set(
      resource,
      mine.catch(() => {}),
    );
    return mine;
  }

  /** `work` (reads only) where no write of the run is in flight and none starts until it ends: for a
   * check that compares readings the run's own writes could change (a list's count, its pages). */
  steady<T>(work: () => Promise<T>): Promise<T> {
    return this.transport.steady(work);
  }

  send(request: RawRequest): Promise<RawResponse> {
    this.created.noteSent(request);
    const sent = () => send(this.transport, this.target, request);
    // Every create is watched: an answer that cannot name what it made sends the clean-up looking by the run's tag.
    return mayCreateProject(request) ? this.created.watch(request, sent) : sent();
  }

  /** Sends, and the failure text for the answer. */
  async call(operationId: string, request: RawRequest): Promise<RawResponse & { why: string }> {
    const response = await this.send(request);
    return { ...response, why: this.explain(operationId, response) };
  }

  explain(what: string, response: Pick<RawResponse, "method" | "url" | "status" | "contentType" | "text">): string {
    return explain(what, response, this.redact);
  }

  /** A discovered id; a check that needs one the run could not find is not checked (Skip), saying why. */
  id(name: keyof Ids["missing"]): number {
    const id = this.ids[name];
    if (id === undefined) skipWhen(true, this.ids.missing[name] ?? `no ${name} was found to test with`);
    return id as number;
  }

  /** The operation's path with each path parameter set to a discovered id (`overrides` win). A check
   * whose path needs an id the run could not find is not checked (Skip), saying why. */
  idPath(op: Pick<Operation, "path">, overrides: Record<string, string | number> = {}): string {
    const { copySharesProjectId: _, missing, ...found } = this.ids;
    const values: Record<string, string | number> = { ...overrides };
    for (const [name, id] of Object.entries(found)) if (id !== undefined && !(name in values)) values[name] = id;
    for (const name of op.path.match(/\{([^}]+)\}/g)?.map((p) => p.slice(1, -1)) ?? [])
      if (!(name in values)) skipWhen(true, missing[name as keyof Ids["missing"]] ?? `no ${name} was found to test with`);
    return fillPath(op.path, values);
  }

  checks(group: string): CheckList {
    return new CheckList(group);
  }

  writesOnly(context: CheckContext): void {
    context.skip(!this.target.allowWrites, REASON_MUTATES);
  }

  mockOnly(context: CheckContext, reason = REASON_PREFER): void {
    context.skip(!this.target.isMock, reason);
  }

  otherKeyOnly(context: CheckContext): string {
    context.skip(!this.target.otherApiKey, REASON_OTHER_KEY);
    return this.target.otherApiKey!;
  }
}

export { skipWhen };
