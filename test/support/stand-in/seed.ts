// The stand-in's data: the sandbox's example seed, made long enough for the documented pagination
// checks — 40 more projects (so the project list passes the default page size of 30), and at least two
// files, captured urls and pieces of copy in the first project (so consecutive pages can differ).
import { EXAMPLE_USERS, exampleSeed, type SandboxSeed } from "../../../src/sandbox/index.js";

export const STAND_IN_KEY = "sandbox-admin-key"; // the example seed's company administrator

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
  return seed;
}
