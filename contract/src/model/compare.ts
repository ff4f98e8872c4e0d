// A record the server sent against the record the model expects, field by field, each comparison
import { instant, TIMESTAMP } from "../transport/media-type.js";
// resting on what the interface states (documented: an empty `entries`) or on one of the description's
// choices. The first time the run sees a record, the fields the server chooses (its timestamps, the
// form of `created_by`, its thumbnails) are held to what the interface says of them — a time near the
// answer's, the creator's name or email — and then taken as the model's (see World.adopt): every later
// view must show exactly them.

export interface Mismatch {
  field: string;
  /** [] when the interface states it; else the description's entries. */
  entries: string[];
  message: string;
}

type Json = Record<string, unknown>;

/** How far a timestamp the server sets may be from the time it answered (its Date, or the run's clock). */
export const NEAR_MS = 5 * 60_000;

/** Two timestamps of the same instant (the same time may be written with another offset), or both null. */
export function sameInstant(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const [at, bt] = [instant(a), instant(b)];
  return !Number.isNaN(at) && at === bt;
}

const show = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value)?.slice(0, 160));

function differs(field: string, got: unknown, expected: unknown, entries: string[] = [], why = ""): Mismatch {
  return { field, entries, message: `${field} is ${show(got)}, expected ${show(expected)}${why ? ` (${why})` : ""}` };
}

/** A datetime the server set just now: the interface's form, and near `at` (the answer's Date). */
export function freshTimestamp(field: string, value: unknown, at: number, notBefore?: unknown): Mismatch[] {
  if (Number.isNaN(instant(value)))
    return [
      differs(
        field,
        value,
        "an ISO 8601 timestamp with a UTC offset",
        [],
        'the interface: "`datetime` is an ISO 8601 timestamp with a UTC offset"',
      ),
    ];
  const time = instant(value);
  const out: Mismatch[] = [];
  if (Number.isNaN(time) || Math.abs(time - at) > NEAR_MS)
    out.push(
      differs(
        field,
        value,
        `a time within ${NEAR_MS / 60_000} minutes of ${new Date(at).toISOString()}`,
        [],
        "when the server answered (its Date header)",
      ),
    );
  const earliest = instant(notBefore);
  // Second precision: a change in the same second as the last may carry the same time.
  if (!Number.isNaN(earliest) && time < Math.floor(earliest / 1000) * 1000)
    out.push(differs(field, value, `not earlier than ${notBefore}`, [], "the time of the change before it"));
  return out;
}

/** The creator's name, or the email when there is no name ("Name of the creating user; falls back to the email address"). */
export function createdByMatches(
  createdBy: unknown,
  creator: { email: string; profile?: { first_name?: string | null; last_name?: string | null } },
): boolean {
  if (typeof createdBy !== "string" || createdBy === "") return false;
  const names = [creator.profile?.first_name, creator.profile?.last_name].filter(
    (n): n is string => typeof n === "string" && n.trim() !== "",
  );
  if (names.length === 0) return createdBy.toLowerCase() === creator.email.toLowerCase();
  // The creator has a name: it is shown (the email is only the fall-back).
  return names.some((name) => createdBy.includes(name));
}

export interface ProjectContext {
  /** The answer that made the record: "created" (a create's), "updated" (the first read after an update),
   * "maybe-updated" (after a write the server took and the model did not: `modified` may have moved on). */
  fresh?: "created" | "updated" | "maybe-updated";
  /** When the server answered (ms). */
  at: number;
  /** The record's creator, for `created_by`. */
  creator?: { email: string; profile?: { first_name?: string | null; last_name?: string | null } };
  /** `modified` before the update (or `created`), for "not earlier". */
  before?: unknown;
}

export function compareProject(got: Json, expected: Json, context: ProjectContext): Mismatch[] {
  const out: Mismatch[] = [];
  if (got.id !== expected.id) out.push(differs("id", got.id, expected.id));
  for (const field of ["title", "description", "job_code"])
    if (got[field] !== expected[field]) out.push(differs(field, got[field], expected[field], [], "exactly what was sent"));
  if (context.fresh === "created") out.push(...freshTimestamp("created", got.created, context.at));
  else if (!sameInstant(got.created, expected.created))
    out.push(differs("created", got.created, expected.created, [], "the date created does not change"));
  if (context.fresh === "updated") out.push(...freshTimestamp("modified", got.modified, context.at, context.before));
  else if (context.fresh === "maybe-updated" && !sameInstant(got.modified, expected.modified))
    out.push(...freshTimestamp("modified", got.modified, context.at, context.before));
  else if (expected.modified === null && got.modified !== null)
    out.push(differs("modified", got.modified, null, [], '"modified is null when the record was never modified"'));
  else if (!sameInstant(got.modified, expected.modified))
    out.push(differs("modified", got.modified, expected.modified, [], "unchanged since the last change"));
  if (context.fresh === "created" && context.creator) {
    if (!createdByMatches(got.created_by, context.creator))
      out.push(
        differs(
          "created_by",
          got.created_by,
          `the creator's name or email (${context.creator.email})`,
          [],
          '"name of the creating user; falls back to the email address"',
        ),
      );
  } else if (got.created_by !== expected.created_by) out.push(differs("created_by", got.created_by, expected.created_by));
  const ownership = String(expected.ownership);
  if (String(got.ownership).toLowerCase() !== ownership)
    out.push(differs("ownership", got.ownership, ownership, [], "internal: created by the caller's company; external: by another"));
  else if (got.ownership !== ownership) out.push(differs("ownership", got.ownership, ownership, ["ownership-case"]));
  if (got.num_comments !== undefined && expected.num_comments !== undefined && got.num_comments !== expected.num_comments)
    out.push(differs("num_comments", got.num_comments, expected.num_comments));
  if (context.fresh === "created" && got.num_comments !== undefined && got.num_comments !== 0)
    out.push(differs("num_comments", got.num_comments, 0, [], "a new project has no comments"));
  // Thumbnail links may be signed, and change from one answer to the next: the sizes are compared, not the links.
  const sizes = (thumbnails: unknown) =>
    Object.keys((thumbnails ?? {}) as object)
      .sort()
      .join(",");
  if (context.fresh !== "created" && got._thumbnails !== undefined && sizes(got._thumbnails) !== sizes(expected._thumbnails))
    out.push(differs("_thumbnails", got._thumbnails, expected._thumbnails, [], "the same sizes in every view"));
  return out;
}

/** Plain data compared whole (a user, a group, an asset): exactly equal, field by field. */
export function compareRecord(got: Json, expected: Json, fields = Object.keys(expected)): Mismatch[] {
  return fields
    .filter((field) => JSON.stringify(got[field]) !== JSON.stringify(expected[field]))
    .map((field) => differs(field, got[field], expected[field]));
}

/** The organization's timestamps, which the interface lists but the description lets a server leave out
 * ("`created` and `modified` may be absent"): judged only in an answer that holds them. */
const ORGANIZATION_TIMESTAMPS = new Set(["created", "modified"]);

/** The organization: what was sent exactly, `created` unchanged, `modified` moved on by an update —
 * each timestamp only where the server sends it. */
export function compareOrganization(got: Json, expected: Json, context: { updated?: boolean; at: number; before?: unknown }): Mismatch[] {
  const out: Mismatch[] = [];
  for (const field of Object.keys(expected)) {
    if (ORGANIZATION_TIMESTAMPS.has(field) && got[field] === undefined) continue;
    if (field === "modified") continue;
    const same =
      field === "created" ? sameInstant(got[field], expected[field]) : JSON.stringify(got[field]) === JSON.stringify(expected[field]);
    if (!same) out.push(differs(field, got[field], expected[field]));
  }
  if (got.modified === undefined) return out;
  if (context.updated) out.push(...freshTimestamp("modified", got.modified, context.at, context.before));
  else if (expected.modified !== undefined && !sameInstant(got.modified, expected.modified))
    out.push(differs("modified", got.modified, expected.modified, [], "unchanged since the last change"));
  return out;
}

/** Distinctive strings of a record (at least 8 characters): a refusal's body must hold none of them. */
export function distinctive(record: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string" && value.length >= 8 && !TIMESTAMP.test(value) && !/^https?:/.test(value)) out.push(value);
    else if (value && typeof value === "object") for (const child of Object.values(value)) walk(child);
  };
  walk(record);
  return out;
}
