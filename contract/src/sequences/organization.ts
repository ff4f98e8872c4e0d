// The caller's organization, which the run cannot create: read by every caller; changed once by the
// run's key and restored once (two writes in all), with the refused callers — the second key (not a
// company administrator), a key of no one, no key — trying in between to set the field back: on a
// server that wrongly takes it, the change shows, and the restore still ends where the run began.
import type { World } from "../model/world.js";
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
  await read("key");
  if (hasOther) await read("other");
  await read("wrong");
  await read("none");

  const before = original.phone;
  const changed = PHONES.find((phone) => phone !== before)!;
  const { change, restore } = organizationChange(original, changed);
  const first = await update("key", changed, change);
  if (first.response.status < 200 || first.response.status >= 300) return; // not the key of a company administrator, or not this field
  await read("key");
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
