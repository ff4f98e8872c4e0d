// Every check's code, and what it rests on: one table. A code is stable across runs, versions and
// rewordings (a baseline keys a finding by its code, its operation and its variant: reports/baseline.ts);
// the titles and reasons a run prints are words around it. What a check rests on is one of:
//   - stated rules of the interface (ids of the sandbox's STATED_RULES, which quote the sentences);
//   - "assumption": the entries of the description's x-assumptions the check names (the run prints them);
//   - "model": the sandbox's own rules, each observation naming its stated rule or assumption;
//   - "http": HTTP's own semantics (RFC 9110), where the interface says nothing more;
//   - "description": the description's documented-only bundle (its statuses, schemas and examples);
//   - "checker": the checker's own walk, or a pinned gap of the mock — no rule of a server.
// The guide lists the codes (docs/guides/checking-a-server.md, held to this table by a test).
import type { StatedRuleId } from "@project-collaboration/api/sandbox/model";

export type Basis = readonly StatedRuleId[] | "assumption" | "model" | "http" | "description" | "checker";

export const CHECK_CODES = {
  "PCS-WALK-OPERATIONS": { rests: "checker", holds: "every operation of the description has a check" },
  "PCS-WALK-PAGINATION": { rests: "checker", holds: "the six paginated lists of the interface take limit" },
  "PCS-WALK-EXAMPLES": { rests: "checker", holds: "an example is found for every operation" },
  "PCS-WALK-ERRORS": { rests: "checker", holds: "401 and 403 are found on every operation" },
  "PCS-WALK-LENGTHS": { rests: "checker", holds: "a length case for every maxLength of every request body" },
  "PCS-MOCK-PAGING-GAP": { rests: "checker", holds: "Prism ignores limit and offset (pinned)" },
  "PCS-MOCK-ANY-KEY-GAP": { rests: "checker", holds: "Prism accepts any well-formed key (pinned)" },
  "PCS-MOCK-EXAMPLE": { rests: "description", holds: "the mock serves each operation's example" },
  "PCS-MOCK-ERROR": { rests: "assumption", holds: "the mock serves each declared error" },
  "PCS-MOCK-WRITE-STATUS": { rests: "description", holds: "each write answers its documented status on a stateless mock" },
  "PCS-READ-SHAPE": { rests: ["fields"], holds: "a read answers the documented status and body" },
  "PCS-READ-SHAPE-FULL": { rests: "assumption", holds: "a read's body as the full description has it" },
  "PCS-READ-REVISIONS-BY-COPY": { rests: ["fields"], holds: "copy revisions are read by the copy's id" },
  "PCS-WIRE-BODY": { rests: ["json-bodies", "timestamps"], holds: "every body as sent: JSON, integers, timestamps, its length" },
  "PCS-PAGE-LIMIT-MAX": { rests: ["pagination"], holds: "never more items than limit" },
  "PCS-PAGE-OFFSET": { rests: ["pagination"], holds: "offset pages" },
  "PCS-PAGE-DEFAULTS": { rests: ["pagination"], holds: "without limit the default page; without offset the first" },
  "PCS-PAGE-UNIQUE": { rests: ["pagination"], holds: "every item once across pages" },
  "PCS-PAGE-LAST": { rests: ["pagination"], holds: "the last page holds the items left" },
  "PCS-PAGE-PAST-END": { rests: ["pagination"], holds: "a page at or past the end is empty" },
  "PCS-PAGE-EQUIVALENT": { rests: ["pagination"], holds: "the default page, named and split, holds the same items" },
  "PCS-PAGE-INTEGER-EDGES": { rests: ["pagination"], holds: "offset and limit at the integer edges: no server error" },
  "PCS-INPUT-OVER-LIMIT": { rests: ["create-limits"], holds: "one character over a stated limit is never a 2xx" },
  "PCS-INPUT-400": { rests: "assumption", holds: "bad input answers 400 with a problem body" },
  "PCS-INPUT-AT-LIMIT": { rests: ["create-limits"], holds: "a value exactly at a stated limit is accepted" },
  "PCS-INPUT-AT-LIMIT-ASSUMED": { rests: "assumption", holds: "a value exactly at the description's limit is accepted" },
  "PCS-ID-ALIAS": { rests: ["visible-when-added"], holds: "an id that wraps or rounds answers only its own record" },
  "PCS-ID-SPELLING": { rests: "assumption", holds: "an id in another spelling never answers its record" },
  "PCS-KEY-NONE-REFUSED": { rests: ["identified-callers"], holds: "no key or a malformed one is refused, with nothing in the answer" },
  "PCS-KEY-NONE-401": { rests: "assumption", holds: "no key answers 401 with a problem body and a Basic challenge" },
  "PCS-KEY-WRONG-REFUSED": { rests: ["identified-callers"], holds: "a well-formed wrong key is refused, with nothing in the answer" },
  "PCS-KEY-ALTERED-401": { rests: "assumption", holds: "an altered API key is refused (401)" },
  "PCS-HEAD-NO-KEY": { rests: ["identified-callers"], holds: "HEAD without a key is refused as GET is" },
  "PCS-HEAD-BY-KEY": { rests: "http", holds: "HEAD by the key answers as GET does, or is refused" },
  "PCS-OPTIONS-NO-KEY": { rests: ["identified-callers"], holds: "OPTIONS without a key reveals nothing" },
  "PCS-PATH-SPELLING-NO-KEY": { rests: ["identified-callers"], holds: "a path spelled otherwise, without a key, reveals nothing" },
  "PCS-CONDITIONAL-NO-KEY": { rests: ["identified-callers"], holds: "the key's validators without a key are refused" },
  "PCS-ACCEPT-JSON": { rests: ["json-bodies"], holds: "an Accept that takes JSON answers as the read does" },
  "PCS-CREATE-JSON-FORMS": { rests: ["json-bodies"], holds: "a body in another JSON form makes the same project" },
  "PCS-CREATE-SERVER-FIELDS": { rests: ["create-returns-project"], holds: "a create ignores the server's own properties" },
  "PCS-UPDATE-SERVER-FIELDS": { rests: ["update-changes-only-given"], holds: "an update ignores the server's own properties" },
  "PCS-CREATE-USERS-ALIAS": { rests: ["creator-is-member"], holds: "users under other names add no user" },
  "PCS-CREATE-NAMED": { rests: ["create-returns-project"], holds: "each create's answer names the new project it made" },
  "PCS-CREATE-STILL-OWNED": { rests: ["creator-is-member", "visible-when-added"], holds: "a project never deleted is its creator's" },
  "PCS-RACE-CREATE": { rests: ["create-returns-project"], holds: "creates at once make distinct projects" },
  "PCS-RACE-UPDATE-SAME": { rests: ["update-changes-only-given"], holds: "updates of every field at once end as one of them" },
  "PCS-RACE-UPDATE-FIELDS": { rests: ["update-changes-only-given"], holds: "updates of different fields at once all hold" },
  "PCS-AUTHZ-LIST-ONLY-ADDED": { rests: ["visible-when-added"], holds: "the project list holds only projects the caller was added to" },
  "PCS-AUTHZ-LIST-EVERY-ADDED": { rests: ["visible-when-added"], holds: "the project list holds every project the caller was added to" },
  "PCS-AUTHZ-LIST-QUERY": { rests: ["visible-when-added"], holds: "a list asked for another's projects holds only the caller's" },
  "PCS-AUTHZ-ORGANIZATION-QUERY": {
    rests: ["organization-own-only"],
    holds: "the organization asked for another's by an id in its query answers the caller's own",
  },
  "PCS-AUTHZ-READ-OTHER": { rests: ["visible-when-added"], holds: "projects not in the caller's list are refused" },
  "PCS-AUTHZ-READ-OTHER-REVISIONS": { rests: ["visible-when-added"], holds: "copy revisions outside the caller's lists are refused" },
  "PCS-AUTHZ-READ-AGREES-LIST": { rests: ["visible-when-added"], holds: "what a caller reads by id and what its list holds agree" },
  "PCS-AUTHZ-DISGUISE": { rests: ["visible-when-added", "identified-callers"], holds: "a caller in disguise sees only what it may" },
  "PCS-AUTHZ-HIDDEN-404": { rests: "assumption", holds: "what the caller cannot see is answered 404" },
  "PCS-MODEL-OUTCOME": { rests: "model", holds: "allowed and does what it says, or refused and changes nothing" },
  "PCS-MODEL-DECISION": { rests: "model", holds: "who may, as the description chooses where the interface is silent" },
  "PCS-MODEL-ANSWER": { rests: "model", holds: "the status and body the description gives" },
  "PCS-MODEL-WIRE": { rests: "model", holds: "the body as sent: JSON, integers, timestamps, no credential" },
  "PCS-MODEL-RUN": { rests: "checker", holds: "the model's scenarios and sequences ran" },
} as const satisfies Record<string, { rests: Basis; holds: string }>;

export type CheckCode = keyof typeof CHECK_CODES;

/** The stated rules a code rests on (none for any other basis). */
export const statedRulesOf = (code: CheckCode): StatedRuleId[] => {
  const { rests } = CHECK_CODES[code] as { rests: Basis };
  return typeof rests === "string" ? [] : [...rests];
};
