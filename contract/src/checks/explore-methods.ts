// HTTP semantics (RFC 9110) on every path the interface reads, under the same authorization as what each
// request stands for — what a protocol linter such as REDbot looks at, judged by outcome only:
//   - HEAD stands for GET (§9.3.2): never a success where GET by the same caller is refused (a key of
//     no one, no key), and never a server error; a server may refuse HEAD, the interface lists no HEAD;
//   - OPTIONS (§9.3.7) by no key: whatever it answers, it holds nothing the key's GET shows;
//   - the path spelled as the interface does not spell it (no `.json`, a trailing slash, upper case, a
//     doubled slash, a dot segment, a matrix parameter): by no key, nothing of the record in the answer;
//   - negotiation (§12.5.1): `Accept: */*` and `application/json` with a charset accept what the
//     interface answers, so the read answers as without them;
//   - conditional requests (§13.2.1): a precondition is evaluated only where the request without it
//     would succeed — the key's own validator sent with no key is refused, never a 304; sent by the key,
//     a 304 or the same record.
// Read-only: GET, HEAD and OPTIONS only.
import { label, operations, type Operation } from "../description/description.js";
import { distinctive } from "../model/compare.js";
import { expect, fail } from "../runner/expect.js";
import { compact, type Suite } from "../runner/suite.js";
import { isJsonMediaType, jsonWrittenOtherwise } from "../transport/media-type.js";

const success = (status: number) => status >= 200 && status < 300;
const refusedOrGone = (status: number) => status >= 400 && status < 500;

/** Spellings of a path the interface does not give: the same resource named another way. */
export function pathSpellings(path: string): Array<{ path: string; why: string }> {
  const bare = path.replace(/\.json$/, "");
  const [head, ...rest] = path.split("/").filter(Boolean);
  return [
    { path: bare, why: "without .json" },
    { path: `${path}/`, why: "with a trailing slash" },
    { path: path.toUpperCase(), why: "in upper case" },
    { path: `/${path}`, why: "with a doubled slash" },
    { path: `/${[`%${head!.charCodeAt(0).toString(16)}${head!.slice(1)}`, ...rest].join("/")}`, why: "with a percent-encoded letter" },
    { path: `${path};x=1`, why: "with a matrix parameter" },
  ];
}

/** The values of `record` that would reveal it (texts of eight characters or more, no timestamps or URLs). */
export const revealing = (record: unknown): string[] => distinctive(record);

/** What of `values` the answer's text holds. */
export const revealedIn = (text: string, values: readonly string[]): string | undefined => values.find((v) => text.includes(v));

export function exploreMethodChecks(suite: Suite) {
  const list = suite.checks("http");
  if (suite.target.isMock) return list.checks;
  const reads = operations().filter((op) => op.method === "get");
  // A read-only run keeps to a few paths (its time at a server's latency is bounded); a run with writes,
  // which has time, tries every read path.
  const few = (ids: string[]) => (suite.target.allowWrites ? reads : reads.filter((op) => ids.includes(op.operationId)));
  const cases = few(["getProject", "listProjectUsers", "getOrganization", "listGroups"]).map((op) => [label(op), op] as const);
  const send = (key: string, op: Operation, method: string, authorization: string | null | undefined, headers?: Record<string, string>) =>
    suite.shared(`http ${key} ${method} ${op.operationId}`, async () =>
      compact(
        await suite.call(label(op), {
          method,
          path: suite.idPath(op),
          ...(authorization !== undefined && { authorization }),
          ...(headers && { headers }),
        }),
      ),
    );
  /** The key's own GET (what a refused caller must not see). */
  const keyGet = (op: Operation) => send("key", op, "get", undefined);
  const noKeyGet = (op: Operation) => send("none", op, "get", null);
  const meta = ([, op]: readonly [string, Operation]) => ({ operation: op.operationId });

  list.check("PCS-HEAD-NO-KEY").for(cases)(
    "%s: HEAD without a key is refused as GET without a key is, and reveals nothing",
    async ([, op]) => {
      const [head, get] = await Promise.all([send("none", op, "head", null), noKeyGet(op)]);
      expect(head.status < 500, `HEAD is GET without the body (RFC 9110 §9.3.2) — a server error: ${head.why}`).toBe(true);
      if (success(head.status) && !success(get.status))
        fail(
          `HEAD without a key succeeded (${head.status}) where GET without a key is refused (${get.status}): HEAD stands for GET and is authorized as it (RFC 9110 §9.3.2) — ${head.why}`,
        );
    },
    meta,
  );

  list.check("PCS-OPTIONS-NO-KEY").for(few(["getProject"]).map((op) => [label(op), op] as const))(
    "%s: OPTIONS without a key reveals nothing the key reads",
    async ([, op]) => {
      const [options, get] = await Promise.all([send("none", op, "options", null), keyGet(op)]);
      expect(options.status < 500, `a server error: ${options.why}`).toBe(true);
      const leaked = success(get.status) ? revealedIn(options.text, revealing(get.json)) : undefined;
      if (leaked) fail(`OPTIONS without a key answered with ${JSON.stringify(leaked)}, a value the key's GET shows: ${options.why}`);
    },
    meta,
  );

  // A record's read: its path spelled otherwise, with no key.
  const records = few(["getProject"]).filter((op) =>
    ["getProject", "listProjectUsers", "listCopy", "getOrganization"].includes(op.operationId),
  );
  list.check("PCS-PATH-SPELLING-NO-KEY").for(records.map((op) => [label(op), op] as const))(
    "%s: spelled as the interface does not spell it, without a key, reveals nothing",
    async ([, op]) => {
      const get = await keyGet(op);
      const values = success(get.status) ? revealing(get.json) : [];
      const answers = await Promise.all(
        pathSpellings(suite.idPath(op))
          .slice(0, suite.target.allowWrites ? undefined : 4)
          .map(async ({ path, why }) => ({ why, response: await suite.call(label(op), { method: "get", path, authorization: null }) })),
      );
      for (const { why, response } of answers) {
        expect(response.status < 500, `the path ${why}, without a key — a server error: ${response.why}`).toBe(true);
        const leaked = revealedIn(response.text, values);
        if (
          leaked ||
          (success(response.status) && (Array.isArray(response.json) || typeof (response.json as { id?: unknown })?.id === "number"))
        )
          fail(`the path ${why}, without a key, answered with the record${leaked ? ` (${JSON.stringify(leaked)})` : ""}: ${response.why}`);
      }
    },
    meta,
  );

  // Negotiation: what accepts JSON gets what the read answers without it.
  const negotiated = few(["getProject"]).filter((op) => ["getProject", "listGroups"].includes(op.operationId));
  list.check("PCS-ACCEPT-JSON").for(negotiated.map((op) => [label(op), op] as const))(
    "%s: an Accept that takes JSON (*/*, application/json with parameters) answers as the read does",
    async ([, op]) => {
      const get = await keyGet(op);
      if (!success(get.status)) fail(`the read itself does not succeed: ${get.why}`);
      const forms: Array<Record<string, string>> = [
        { accept: "*/*" },
        ...(suite.target.allowWrites
          ? [...ACCEPT_FORMS, ...ENCODING_FORMS.map((coding) => ({ accept: "application/json", "accept-encoding": coding }))]
          : []),
      ];
      for (const headers of forms) {
        const response = await suite.call(label(op), { method: "get", path: suite.idPath(op), headers });
        // Only identity excluded, and no coding the server has acceptable: 406 (RFC 9110 §12.5.3).
        if (response.status === 406 && NOT_ACCEPTABLE_ALLOWED.has(headers["accept-encoding"] ?? "")) continue;
        const why = `${Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join(", ")} — ${response.why}`;
        expect(response.status, why).toBe(get.status);
        expect(isJsonMediaType(response.contentType), `content type ${JSON.stringify(response.contentType)}, not JSON: ${why}`).toBe(true);
        expect(unordered(response.json), why).toEqual(unordered(get.json));
      }
    },
    (item) => ({ operation: item[1].operationId }),
  );

  // A write in the forms the grammars make the same (RFC 9110 §8.3.1: the media type's case, its
  // parameters, white space around `;`; RFC 8259 §2 and §7: white space between tokens, every character
  // of a string escaped): it does what the plain form does — the project is made, named as sent.
  list.check("PCS-CREATE-JSON-FORMS").it(
    "createProject (POST /projects.json): a body in another JSON form and media type spelling makes the same project",
    async (context) => {
      suite.writesOnly(context);
      const name = suite.created.name("equivalent forms é 🚀");
      const made = await suite.created.send({
        method: "post",
        path: "/projects.json",
        body: jsonWrittenOtherwise({ name }),
        headers: { "content-type": 'Application/JSON ;\tCharset="UTF-8"' },
      });
      const why = suite.explain("createProject", made);
      expect(made.status >= 200 && made.status < 300, `the create was not made: ${why}`).toBe(true);
      expect(made.id, `the create's answer names no project: ${why}`).not.toBe(undefined);
      const got = await suite.call("getProject", { method: "get", path: `/projects/${made.id}.json` });
      expect((got.json as { title?: unknown } | undefined)?.title, `the title read back: ${got.why}`).toBe(name);
    },
    { operation: "createProject" },
  );

  // Conditional reads (RFC 9110 §13.2.1: preconditions are evaluated only where the request without them succeeds).
  const conditional = reads.filter((op) => ["getProject", "listProjects", "getOrganization"].includes(op.operationId));
  list.check("PCS-CONDITIONAL-NO-KEY").for(conditional.map((op) => [label(op), op] as const))(
    "%s: the key's validators sent without a key are refused (never 304), by the key a 304 or the same answer",
    async ([, op], context) => {
      const get = await keyGet(op);
      const etag = get.headers.get("etag");
      const lastModified = get.headers.get("last-modified");
      context.skip(
        !success(get.status) || (!etag && !lastModified),
        `${label(op)} answers no ETag or Last-Modified: nothing to make conditional`,
      );
      const headers: Record<string, string> = {
        ...(etag && { "if-none-match": etag }),
        ...(lastModified && { "if-modified-since": lastModified }),
      };
      const [none, key] = await Promise.all([
        suite.call(label(op), { method: "get", path: suite.idPath(op), authorization: null, headers }),
        suite.call(label(op), { method: "get", path: suite.idPath(op), headers }),
      ]);
      if (!refusedOrGone(none.status))
        fail(
          `without a key, the key's validators (${Object.keys(headers).join(", ")}) answered ${none.status}: a precondition is evaluated only where the request without it would succeed, and a request without a key is refused (RFC 9110 §13.2.1) — ${none.why}`,
        );
      expect(key.status < 500, `by the key, with its own validators — a server error: ${key.why}`).toBe(true);
      // Only a project the run never writes to stays the same between the two reads.
      if (key.status !== 304 && op.operationId === "getProject") {
        expect(key.status, `by the key, with its own validators: a 304 or the same answer — ${key.why}`).toBe(get.status);
        expect(key.json, `by the key, with its own validators: a 304 or the same answer — ${key.why}`).toEqual(get.json);
      } else if (key.status === 304) expect(key.text, `a 304 has no content — ${key.why}`).toBe("");
    },
    (item) => ({ operation: item[1].operationId }),
  );

  // HEAD by the key: never a server error; a success where GET succeeds (a server may refuse HEAD).
  list.check("PCS-HEAD-BY-KEY").for(
    few([])
      .filter((op) => ["getProject", "listProjects"].includes(op.operationId))
      .map((op) => [label(op), op] as const),
  )(
    "%s: HEAD by the key is answered as GET is, or refused — never a server error",
    async ([, op]) => {
      const [head, get] = await Promise.all([send("key", op, "head", undefined), keyGet(op)]);
      expect(head.status < 500, `HEAD (RFC 9110 §9.3.2) — a server error: ${head.why}`).toBe(true);
      if (success(head.status)) expect(success(get.status), `HEAD succeeded where GET does not: ${head.why} / ${get.why}`).toBe(true);
    },
    (item) => ({ operation: item[1].operationId }),
  );
  return list.checks;
}

/** Accept in forms RFC 9110 makes the same as application/json (§8.3.1 case and parameters, §12.5.1 weights). */
const ACCEPT_FORMS: Array<Record<string, string>> = [
  { accept: "application/json; charset=utf-8" },
  { accept: "application/json;q=0.9, text/html;q=0.1" },
  { accept: 'Application/JSON ;\tCharset="UTF-8"' },
];
/** Accept-Encoding values (RFC 9110 §12.5.3: codings are case-insensitive tokens; empty wants no coding;
 * identity alone; each coding a server may apply; every coding refused): the body decodes to the same
 * JSON. A value is a line here. */
const ENCODING_FORMS = ["GZIP;q=1.0, Identity;q=0.5", "identity", "", "gzip", "br", "deflate", "*;q=0"];
/** Forms that leave a server no acceptable coding, identity included: it may answer 406. */
const NOT_ACCEPTABLE_ALLOWED = new Set(["*;q=0"]);

/** A list's items in an order of their own (where the interface states no order, any is right). */
export const unordered = (value: unknown): unknown => (Array.isArray(value) ? value.map((item) => JSON.stringify(item)).sort() : value);
