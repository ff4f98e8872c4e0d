// The stand-in's data: the sandbox's example seed, made long enough for the documented pagination
// checks — 40 more projects (so the project list passes the default page size of 30), and at least two
// files, captured urls and pieces of copy in the first project (so consecutive pages can differ); and a
// project the administrator was not added to, next to the ids it sees, with copy that has revisions
// (so the authorization checks' probes find something to be refused).
import { EXAMPLE_USERS, exampleSeed, type SandboxSeed } from "../../../src/sandbox/index.js";

export const STAND_IN_KEY = "sandbox-admin-key"; // the example seed's company administrator
/** A second user who is not a company administrator: the example seed's Viewer, in the same organization. */
export const STAND_IN_OTHER_KEY = "sandbox-viewer-key";
/** A user who sees the hidden project (the example seed's Editor, of the other organization). */
export const STAND_IN_OWNER_KEY = "sandbox-editor-key";
/** The project only STAND_IN_OWNER_KEY's user was added to; its copy. */
export const HIDDEN_PROJECT = 48378;
export const HIDDEN_COPY = 5521;

export function standInSeed(): SandboxSeed {
  const seed = exampleSeed();
  const [first] = seed.projects;
  if (!first) throw new Error("the sandbox's example seed has no project");
  let nextId = 900_000;
  const twice = <T extends { id: number }>(items: T[] | undefined): T[] => {
    const list = items ?? [];
    return list.length >= 2 || list.length === 0 ? list : [...list, { ...list[0]!, id: nextId++ }];
  };
  first.files = twice(first.files);
  first.urls = twice(first.urls);
  first.copy = twice(first.copy);
  for (let i = 1; i <= 40; i++) {
    seed.projects.push({
      ...structuredClone(first),
      id: 700_000 + i,
      title: `Stand-in project ${i}`,
      members: [EXAMPLE_USERS.admin],
      creator: EXAMPLE_USERS.admin,
      files: [],
      urls: [],
      copy: [],
    });
  }
  const external = seed.projects.find((p) => p.creator === EXAMPLE_USERS.editor)!;
  const [copy] = first.copy;
  seed.projects.push({
    ...structuredClone(external),
    id: HIDDEN_PROJECT,
    title: "Agency internal pitch",
    members: [EXAMPLE_USERS.editor],
    copy: copy
      ? [{ ...structuredClone(copy), id: HIDDEN_COPY, revisions: (copy.revisions ?? []).map((r, i) => ({ ...r, id: 990_000 + i })) }]
      : [],
  });
  return seed;
}
