// Other users of the account, found, never invented: the users of the key's first projects that this run
// did not make. Whom a disguised caller claims to be (checks/authorization.ts) and whom a write names as a
// project's member (checks/explore-writes.ts); looked up once per run.
import { ofRun } from "../runner/created.js";
import type { Suite } from "../runner/suite.js";
import { listAll } from "../runner/lists.js";

/** The accounts the run's steps name beside its keys' (sequences/steps.ts: Person). */
export interface People {
  other?: number;
  newcomer?: number;
  /** `fresh`: an address no account has (a sub-address the run made, on a disposable server). */
  invitee?: { email: string; id?: number; fresh?: boolean };
}

/** How many of the key's projects are looked into. */
const PROJECTS_LOOKED_INTO = 3;

type Item = { id: number; [field: string]: unknown };

/** id → email ("" when the answer holds none) of the users of the key's first projects not made by this run. */
export function peopleOfTheKeysProjects(suite: Suite): Promise<Map<number, string>> {
  return suite.shared("people of the key's projects", async () => {
    const found = new Map<number, string>();
    const { items } = await listAll<Item>(suite, "listProjects", "/projects.json");
    for (const project of items.filter((project) => !ofRun(project.title, suite.runTag)).slice(0, PROJECTS_LOOKED_INTO))
      for (const user of (await listAll<Item>(suite, "listProjectUsers", `/projects/${project.id}/users.json`)).items)
        if (typeof user.id === "number") found.set(user.id, typeof user.email === "string" ? user.email : "");
    return found;
  });
}
