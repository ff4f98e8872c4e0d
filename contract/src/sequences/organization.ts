// The caller's organization, which the run cannot create: read by every caller; changed once by the
// run's key and restored once (two writes in all), with the refused callers — the second key (not a
// company administrator), a key of no one, no key — trying in between to set the field back: on a
// server that wrongly takes it, the change shows, and the restore still ends where the run began.
// Right after the change, a read conditional on the validator sent before it must not answer 304.
import type { Executed, World } from "../model/world.js";
import type { RawResponse } from "../transport/http.js";
import { NAUGHTY_STRINGS, pack } from "./naughty.js";

type Json = Record<string, unknown>;

const PHONES = ["+1 503 555 0142", "+1 503 555 0199"];
/** The most the description lets an organization's text hold (OrganizationText: 255). */
const ORGANIZATION_TEXT = 255;
const ADDRESS_TEXTS = ["street", "street2", "city", "region_name", "postal_code"] as const;

/**
 * The one change, beside the phone: the name and every text of the address the organization has, set
 * to hostile strings of a public corpus (naughty.ts), the address sent whole (so that a merge and a
 * replacement of it read the same); and the restore that puts each of them back. Only what the
 * organization holds as a string is changed.
 */
export function organizationChange(original: Json, phone: string): { change: Json; restore: Json } {
  const values = pack(
    NAUGHTY_STRINGS.map((s) => s.value),
    ORGANIZATION_TEXT,
  );
  const change: Json = { phone };
  const restore: Json = { phone: original.phone };
  if (typeof original.name === "string" && original.name) {
    change.name = values[0];
    restore.name = original.name;
  }
  const address = original.address as Json | null | undefined;
  if (address && typeof address === "object") {
    const texts = ADDRESS_TEXTS.filter((field) => typeof address[field] === "string" && address[field] !== "");
    if (texts.length) {
      const whole = Object.fromEntries(Object.entries(address).filter(([, value]) => typeof value === "string" && value !== ""));
      change.address = { ...whole, ...Object.fromEntries(texts.map((field, i) => [field, values[(i + 1) % values.length]])) };
      restore.address = whole;
    }
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
  world.record({
    operation: "updateOrganization",
    role: world.roleOf("key"),
    aspect: "outcome",
    entries: [],
    rule: "update-changes-only-given",
    passed: !stale,
    ...(stale && {
      message: `read back (getOrganization, ${name}: ${value}, the validator from before the change): 304 Not Modified — the organization was modified, so a client's cached copy is stale: ${world.suite.explain("getOrganization", response)}`,
      reproduction: [before.exchange, change.exchange, exchange].filter((e) => e !== undefined),
    }),
    ...(exchange && { exchange }),
    status: response.status,
  });
}

export async function organizationScenario(world: World, original: Json, other: { sharesIt: boolean; own?: Json }): Promise<void> {
  const otherSharesIt = other.sharesIt;
  const read = async (caller: "key" | "other" | "wrong" | "none") => {
    const done = await world.execute({ caller, operation: "getOrganization", method: "GET", path: "/organizations.json" });
    world.commit(done);
    return done;
  };
  const update = async (caller: "key" | "other" | "wrong" | "none", phone: unknown, body: Json = { phone }) => {
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
  const { change, restore } = organizationChange(original, changed);
  const first = await update("key", changed, change);
  if (first.response.status < 200 || first.response.status >= 300) return; // not the key of a company administrator, or not this field
  await read("key");
  if (initial.response.status === 200) await conditionalRead(world, initial, first);
  if (hasOther && otherSharesIt) await read("other");
  // Each refused caller sends the value the run began with: taken, it would show at the next read.
  for (const caller of [...(hasOther && otherSharesIt ? (["other"] as const) : []), "wrong", "none"] as const) {
    await update(caller, before);
    await read("key");
  }
  // A second user of another organization sets its own organization's phone to what it is: a wrongly
  // taken update changes nothing there, and is still caught (the model refuses it, whatever the value).
  if (hasOther && !otherSharesIt && other.own) await update("other", other.own.phone);
  await update("key", before, restore);
  await read("key");
}
