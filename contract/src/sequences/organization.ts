// The caller's organization, which the run cannot create: read by every caller; changed by the run's
// key (the address alone, after the rest) and restored once (three writes in all), with the refused
// callers — the second key (not a company administrator), a key of no one, no key — trying in between
// to set the field back: on a server that wrongly takes it, the change shows, and the restore still
// ends where the run began.
// Right after the change, a read conditional on the validator sent before it must not answer 304.
// Other checker runs may share the organization: the change's name begins with the run's tag, and a run
// that finds another run's tag there (read just before each of its own requests) stops judging the
// organization and leaves the restore to that run (othersTag).
import type { Executed, World } from "../model/world.js";
import type { RawResponse } from "../transport/http.js";
import { othersTag } from "../runner/created.js";
import { NAUGHTY_STRINGS, pack } from "./naughty.js";
import { judgeFinding } from "../model/judge.js";

type Json = Record<string, unknown>;

const PHONES = ["+1 503 555 0142", "+1 503 555 0199"];
/** The most the description lets an organization's text hold (OrganizationText: 255). */
const ORGANIZATION_TEXT = 255;
const ADDRESS_TEXTS = ["street", "street2", "city", "region_name", "postal_code"] as const;
const ADDRESS_LINES: readonly string[] = [...ADDRESS_TEXTS, "country"];

/** Properties a server might tie together, the one it would derive from the other second ("email_billing
 * … defaults to the primary email", a region of its country, a website made from the name); the lines of
 * an address, the city and its postal code, either way. A change that sends one of a pair and not the
 * other shows whether the server changed the other anyway. */
export const TIED_PAIRS = [
  ["email", "email_billing"],
  ["name", "website"],
  ["address.country", "address.region_name"],
  ["address.street", "address.street2"],
  ["address.city", "address.postal_code"],
] as const;
/** How many of TIED_PAIRS, from the first, have a direction: the first sent, the second never. */
const DIRECTED = 3;

/** Every property of the organization's update body that a run may change alone (on a disposable server). */
export const ORGANIZATION_FIELDS = ["phone", ...TIED_PAIRS.flat()];

/** The one change's properties on a server that is not disposable, so that what is sent and what is not
 * split every pair: the phone, the source of each directed pair (what a server would derive from it is
 * left out), and one side of each other pair, picked by `seed`. */
export function splitChoice(seed: number): string[] {
  let state = seed >>> 0;
  return [
    "phone",
    ...TIED_PAIRS.map((pair, i) => {
      if (i < DIRECTED) return pair[0];
      state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
      return pair[(state >>> 31) as 0 | 1];
    }),
  ];
}

/** A valid value for `path` other than `value` (undefined: none to give): a hostile string for a text,
 * a sub-address of the same owner for an email, the same URL with a fragment, another country code. */
function changedValue(path: string, value: unknown, text: string, phone: string): unknown {
  if (typeof value !== "string" || value === "") return undefined;
  if (path === "phone") return phone;
  if (path === "email" || path === "email_billing") {
    const at = value.lastIndexOf("@");
    return at > 0 ? `${value.slice(0, at).split("+")[0]}+pcs-contract-test${value.slice(at)}` : undefined;
  }
  if (path === "website") {
    try {
      const url = new URL(value);
      url.hash = "pcs-contract-test";
      return url.href === value ? undefined : url.href;
    } catch {
      return undefined;
    }
  }
  if (path === "address.country") return ["NL", "DE", "JP"].find((code) => code !== value.toUpperCase());
  return text;
}

/**
 * The change of the properties `paths` (default: the name and every text of the address, beside the
 * phone), each set to a valid value it did not have — texts to hostile strings of a public corpus
 * (naughty.ts) — of the address only the lines changed; and
 * the restore that puts each of them back. Only what the organization holds as a string is changed.
 */
export function organizationChange(
  original: Json,
  phone: string,
  paths: readonly string[] = ["phone", "name", ...ADDRESS_TEXTS.map((field) => `address.${field}`)],
  mark?: string,
): { change: Json; restore: Json } {
  const corpus = NAUGHTY_STRINGS.map((s) => s.value);
  const values = pack(corpus, ORGANIZATION_TEXT);
  // The name, when marked: the run's tag, then hostile text in the room left.
  const marked = mark === undefined ? undefined : pack(corpus, ORGANIZATION_TEXT - mark.length - 1).map((text) => `${mark} ${text}`);
  const change: Json = {};
  const restore: Json = {};
  const address = original.address as Json | null | undefined;
  const changedAddress: Json = {};
  let texts = 0;
  for (const path of paths) {
    const [top, field] = path.split(".") as [string, string | undefined];
    const value = field === undefined ? original[top] : address?.[field];
    const choices = path === "name" && marked ? marked : values;
    const text = choices[texts % choices.length]!;
    const next = changedValue(path, value, text, phone);
    if (next === undefined) continue;
    if (typeof next === "string" && next === text) texts++;
    if (field === undefined) {
      change[top] = next;
      restore[top] = value;
    } else changedAddress[field] = next;
  }
  if (address && typeof address === "object" && Object.keys(changedAddress).length) {
    // The address's own lines: a property a server adds to what it shows ("Unknown properties may appear")
    // is not one a client sends back.
    const whole = Object.fromEntries(
      Object.entries(address).filter(([line, value]) => ADDRESS_LINES.includes(line) && typeof value === "string" && value !== ""),
    );
    // Only the lines changed ("only the properties to change": a server that builds a new address from
    // what was sent empties the others); the restore sends every line the address had.
    change.address = changedAddress;
    restore.address = whole;
  }
  return { change, restore };
}

/** How long before the change a Last-Modified must be for If-Modified-Since to tell the change (the
 * validator has a second's precision: a change in the same second may rightly answer 304). */
const SECOND_MARGIN_MS = 2_000;

/**
 * The conditional request that asks whether the organization changed since the read before the change:
 * If-None-Match with its entity tag; else If-Modified-Since with its Last-Modified, only when the
 * change's own answer is dated (its Date header, the server's clock) 2 s or more after it. None when the
 * server sent neither validator, or the change cannot be told by date.
 */
export function conditionalAfterChange(
  before: Pick<RawResponse, "headers">,
  change: Pick<RawResponse, "headers">,
): Record<string, string> | undefined {
  const etag = before.headers.get("etag");
  if (etag) return { "if-none-match": etag };
  const lastModified = before.headers.get("last-modified");
  const modified = Date.parse(lastModified ?? "");
  const changed = Date.parse(change.headers.get("date") ?? "");
  if (!lastModified || Number.isNaN(modified) || Number.isNaN(changed) || changed - modified < SECOND_MARGIN_MS) return undefined;
  return { "if-modified-since": lastModified };
}

/** After the change, the read conditional on the validator from before it (no write of its own). */
async function conditionalRead(world: World, before: Executed, change: Executed): Promise<void> {
  const headers = conditionalAfterChange(before.response, change.response);
  if (!headers) return;
  const { response, exchange } = await world.send({
    method: "get",
    path: "/organizations.json",
    headers,
    authorization: world.authorization("key"),
  });
  const stale = response.status === 304;
  const [[name, value]] = Object.entries(headers) as [[string, string]];
  judgeFinding(world, {
    operation: "updateOrganization",
    role: world.roleOf("key"),
    rule: "update-changes-only-given",
    ...(stale && {
      problem: `read back (getOrganization, ${name}: ${value}, the validator from before the change): 304 Not Modified — the organization was modified, so a client's cached copy is stale: ${world.suite.explain("getOrganization", response)}`,
      reproduction: [before.exchange, change.exchange, exchange].filter((e) => e !== undefined),
    }),
    ...(exchange && { exchange }),
    status: response.status,
  });
}

/** The line the run prints for its organization change: which properties were sent, which were not. */
export function splitLine(seed: number, sent: readonly string[]): string {
  const name = (path: string) => path.replace("address.", "");
  const unsent = ORGANIZATION_FIELDS.filter((path) => !sent.includes(path));
  return `The organization's one change (seed ${seed}) sent ${sent.map(name).join(", ")}; not sent: ${unsent.map(name).join(", ")}.`;
}

/** The organization's scenario, alone among the run's writes to the organization (Suite.exclusive): the
 * lock is taken when the scenario is begun, before any check starts, so a check's write waits for it. */
export function organizationScenario(world: World, original: Json, other: { sharesIt: boolean; own?: Json }, seed = 0): Promise<void> {
  return world.suite.exclusive("organization", () => organizationSteps(world, original, other, seed));
}

async function organizationSteps(world: World, original: Json, other: { sharesIt: boolean; own?: Json }, seed: number): Promise<void> {
  const otherSharesIt = other.sharesIt;
  const runTag = world.suite.runTag;
  /** Another checker run's tag when its change is in the organization now (a read no one judges). */
  const othersRun = async () =>
    othersTag(
      (
        (await world.send({ method: "get", path: "/organizations.json", authorization: world.authorization("key") })).response
          .json as Json | null
      )?.name,
      runTag,
    );
  // A change of another run's, seen before this run's own requests: nothing of the organization is
  // judged from then on, and this run's change, if made, is left for that run to restore (it read the
  // organization before this run changed it, else it would have stopped too).
  const leftOver = othersTag(original.name, runTag);
  let stoppedBy: string | undefined;
  let changedIt = false;
  /** Whether no other run's change is in the organization now; the first time one is, the organization is
   * judged no further (and said so). */
  const noOtherRun = async () => {
    if (stoppedBy !== undefined) return false;
    const tag = leftOver ?? (await othersRun());
    if (tag === undefined) return true;
    stoppedBy = tag;
    const reason = changedIt
      ? `another checker run (${tag}) changed it after this run did, and restores it`
      : `it holds another checker run's change (${tag}), not restored yet (or that run stopped before its restore)`;
    world.suite.notes.push(`The organization was not judged further: ${reason}.`);
    for (const operation of ["getOrganization", "updateOrganization"])
      world.ledger.skip(operation, world.roleOf("key"), "outcome", `not judged: ${reason}`);
    return false;
  };
  const read = async (caller: "key" | "other" | "wrong" | "none") => {
    if (!(await noOtherRun())) return undefined;
    const done = await world.execute({ caller, operation: "getOrganization", method: "GET", path: "/organizations.json" });
    world.commit(done);
    return done;
  };
  const update = async (caller: "key" | "other" | "wrong" | "none", phone: unknown, body: Json = { phone }) => {
    if (!(await noOtherRun())) return undefined;
    const done = await world.execute({
      caller,
      operation: "updateOrganization",
      method: "PATCH",
      path: "/organizations.json",
      body,
    });
    world.commit(done);
    return done;
  };
  const hasOther = world.accounts.has("other");
  const initial = await read("key");
  if (hasOther) await read("other");
  await read("wrong");
  await read("none");

  const before = original.phone;
  const changed = PHONES.find((phone) => phone !== before)!;
  // One change that splits every pair a server could tie (a seed picks the side sent), and its restore.
  const sent = splitChoice(seed);
  const { change } = organizationChange(original, changed, sent, runTag);
  const { restore } = organizationChange(original, changed, ORGANIZATION_FIELDS);
  if (stoppedBy === undefined) world.suite.notes.push(splitLine(seed, sent));
  // The address last and alone, 3 s on (`modified` has a second's precision, the model a 2 s margin): a
  // server that stores it apart and leaves the organization's `modified` as it was shows at the read.
  const { address, ...rest } = change;
  const alone = address !== undefined && Object.keys(rest).length > 0;
  const first = await update("key", changed, alone ? rest : change);
  if (!first || first.response.status < 200 || first.response.status >= 300) return; // not the key of a company administrator, or not this field
  changedIt = true;
  if (alone) await new Promise((resolve) => setTimeout(resolve, 3_000));
  const last = (alone && (await update("key", changed, { address }))) || first;
  await read("key");
  if (initial && initial.response.status === 200 && stoppedBy === undefined) await conditionalRead(world, initial, last);
  if (hasOther && otherSharesIt) await read("other");
  // Each refused caller sends the value the run began with: taken, it would show at the next read.
  // The address too, alone (a server may save the nested record by a handler of its own, and check the
  // caller's right only in the top-level fields' handler).
  const refusedBodies = [{ phone: before }, ...(restore.address ? [{ address: restore.address }] : [])];
  for (const caller of [...(hasOther && otherSharesIt ? (["other"] as const) : []), "wrong", "none"] as const)
    for (const body of refusedBodies) {
      await update(caller, before, body);
      await read("key");
    }
  // A second user of another organization sets its own organization's phone to what it is: a wrongly
  // taken update changes nothing there, and is still caught (the model refuses it, whatever the value).
  if (hasOther && !otherSharesIt && other.own) await update("other", other.own.phone);
  // A disposable server: every property alone too, the whole record read back by every caller each
  // time — only what was sent changed (the model holds every property it did not send).
  if (world.suite.target.disposable)
    for (const path of ORGANIZATION_FIELDS) {
      const alone = organizationChange(original, PHONES.find((phone) => phone !== changed)!, [path]).change;
      if (Object.keys(alone).length === 0) continue;
      await update("key", alone.phone, alone);
      await read("key");
      if (hasOther && otherSharesIt) await read("other");
    }
  await update("key", before, restore);
  await read("key");
}
