// Groups, read-only and all listed: the list is the same for every caller, each listed group reads the
// same by its id, an id next to the listed ones that the list leaves out is no group (a group readable
// by id that "all Groups" lacks is a list cut short), and callers without a valid key get nothing.
import type { World } from "../model/world.js";
import { judgeFinding } from "../model/judge.js";

/** How many listed groups are read by id, and how many neighbouring ids are probed. */
const READ_BY_ID = 20;
const PROBES = 8;

export async function groupsScenario(world: World, listed: number[]): Promise<void> {
  const exec = async (caller: "key" | "other" | "wrong" | "none", id?: number) => {
    const call =
      id === undefined
        ? { caller, operation: "listGroups", method: "GET", path: "/groups.json" }
        : { caller, operation: "getGroup", method: "GET", path: `/groups/${id}.json` };
    world.commit(await world.execute(call));
  };
  for (const caller of ["key", "other", "wrong", "none"] as const)
    if (caller !== "other" || world.accounts.has("other")) await exec(caller);
  for (const id of listed.slice(0, READ_BY_ID)) await exec("key", id);
  if (listed.length) {
    if (world.accounts.has("other")) await exec("other", listed[0]);
    await exec("wrong", listed[0]);
    await exec("none", listed[0]);
  }
  // "The groups list has no pagination parameters": asked for a thousand, it is still the same list — a
  // list cut at a default page size shows more.
  for (const query of [{ limit: 1000 }] as Array<Record<string, number>>) {
    const { response, exchange } = await world.send({
      method: "get",
      path: "/groups.json",
      query,
      authorization: world.authorization("key"),
    });
    const ids = Array.isArray(response.json) ? (response.json as Array<{ id?: unknown }>).map((g) => g?.id) : undefined;
    const same = response.status >= 400 || JSON.stringify(ids) === JSON.stringify(listed);
    judgeFinding(world, {
      operation: "listGroups",
      role: "the run's key",
      rule: "groups-all",
      ...(!same && {
        problem: `GET /groups.json?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))} lists ${JSON.stringify(ids)?.slice(0, 200)}, the list without parameters ${JSON.stringify(listed).slice(0, 200)}: the groups list is "all Groups" and takes no paging`,
      }),
      exchange,
      status: response.status,
    });
  }
  const known = new Set(listed);
  const probes = new Set<number>();
  const candidates = [...listed.flatMap((id) => [id + 1, id - 1, id + 2]), Math.max(0, ...listed) + 1, 1];
  for (const id of candidates) if (id > 0 && !known.has(id) && probes.size < PROBES) probes.add(id);
  for (const id of probes) await exec("key", id);
  // Groups cannot be created or edited, the organization neither created nor deleted: tried only where
  // a server that wrongly takes it changes nothing that matters (a disposable one).
  if (!world.suite.target.disposable || listed.length === 0) return;
  const group = `/groups/${listed[0]}.json`;
  for (const [method, path, body] of [
    ["POST", "/groups.json", { name: "pcs-contract-test group", description: "not a group" }],
    ["PATCH", group, { name: "pcs-contract-test group" }],
    ["PUT", group, { name: "pcs-contract-test group" }],
    ["DELETE", group, undefined],
    ["POST", "/organizations.json", { name: "pcs-contract-test organization" }],
    ["DELETE", "/organizations.json", undefined],
  ] as const) {
    const template = path.replace(/\/\d+\.json$/, "/{group_id}.json");
    world.commit(await world.execute({ caller: "key", operation: `${method} ${template}`, method, path, ...(body && { body }) }));
    await exec("key", listed[0]);
  }
}
