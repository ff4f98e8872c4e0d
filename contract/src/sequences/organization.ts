// The caller's organization, which the run cannot create: read by every caller; changed once by the
// run's key and restored once (two writes in all), with the refused callers — the second key (not a
// company administrator), a key of no one, no key — trying in between to set the field back: on a
// server that wrongly takes it, the change shows, and the restore still ends where the run began.
import type { World } from "../model/world.js";

type Json = Record<string, unknown>;

const PHONES = ["+1 503 555 0142", "+1 503 555 0199"];

export async function organizationScenario(world: World, original: Json, other: { sharesIt: boolean; own?: Json }): Promise<void> {
  const otherSharesIt = other.sharesIt;
  const read = async (caller: "key" | "other" | "wrong" | "none") => {
    const done = await world.execute({ caller, operation: "getOrganization", method: "GET", path: "/organizations.json" });
    world.commit(done);
    return done;
  };
  const update = async (caller: "key" | "other" | "wrong" | "none", phone: unknown) => {
    const done = await world.execute({
      caller,
      operation: "updateOrganization",
      method: "PATCH",
      path: "/organizations.json",
      body: { phone },
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
  const first = await update("key", changed);
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
  await update("key", before);
  await read("key");
}
