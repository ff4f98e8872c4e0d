// Servers as production runs them, around the documented-only stand-in: busy, flaky, long, and the
// account of a fresh database. The checker must report none of this as a broken server:
//   - rateLimited: at most `perSecond` requests a second; past it, 429 with Retry-After: 1, and every
//     request that arrives while that wait runs is counted as a violation;
//   - flaky: a share of reads answered 503 (no Retry-After), chosen by a seeded random sequence;
//   - hidesCreated: a project created through it can be neither read nor deleted by its creator (a
//     broken server: the checker must stop creating after the first and report it);
//   - longAccountSeed: 12,000 projects the administrator was added to;
//   - sameIdSeed: the only copy the administrator sees has its project's id.
import { EXAMPLE_USERS, type SandboxSeed } from "../../../src/sandbox/index.js";
import type { Handler } from "./documented-only.js";
import { standInSeed } from "./seed.js";

export function rateLimited(handler: Handler, perSecond: number): Handler & { violations: () => number; limited: () => number } {
  let windowStart = 0;
  let count = 0;
  let limitedAt = 0;
  let waitUntil = 0;
  let limited = 0;
  let violations = 0;
  const tooMany = () =>
    new Response(JSON.stringify({ error: "Too many requests" }), {
      status: 429,
      headers: { "retry-after": "1", "content-type": "application/json" },
    });
  const wrapped: Handler = async (request) => {
    const now = Date.now();
    if (now < waitUntil) {
      // A request already under way when the 429 went out may arrive a few milliseconds later.
      if (now > limitedAt + 50) violations++;
      return tooMany();
    }
    if (now - windowStart >= 1000) {
      windowStart = now;
      count = 0;
    }
    if (++count > perSecond) {
      limited++;
      limitedAt = now;
      waitUntil = now + 1000;
      return tooMany();
    }
    return handler(request);
  };
  return Object.assign(wrapped, { violations: () => violations, limited: () => limited });
}

export function flaky(handler: Handler, share: number, seed = 20261125): Handler & { failed: () => number } {
  let state = seed;
  let failed = 0;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const wrapped: Handler = async (request) => {
    if (request.method === "GET" && random() < share) {
      failed++;
      return new Response("Service Unavailable", { status: 503, headers: { "content-type": "text/plain" } });
    }
    return handler(request);
  };
  return Object.assign(wrapped, { failed: () => failed });
}

export function hidesCreated(handler: Handler, firstNewId: number): Handler {
  return async (request) => {
    const match = /\/projects\/(\d+)(?:\.json|\/)/.exec(new URL(request.url).pathname);
    if (match && Number(match[1]) >= firstNewId)
      return new Response(JSON.stringify({ error: "Not found" }), { status: 404, headers: { "content-type": "application/json" } });
    return handler(request);
  };
}

export function longAccountSeed(projects = 12_000): SandboxSeed {
  const seed = standInSeed();
  const template = seed.projects.find((p) => p.title.startsWith("Stand-in project"))!;
  const more = projects - seed.projects.length; // read once: the loop grows the list it would read
  for (let i = 1; i <= more; i++)
    seed.projects.push({ ...structuredClone(template), id: 1_000_000 + i, title: `Long account project ${i}` });
  return seed;
}

export function sameIdSeed(): SandboxSeed {
  const seed = standInSeed();
  // Only the first project the administrator sees keeps copy, one piece, with the project's own id.
  const visible = seed.projects.filter((p) => p.members.includes(EXAMPLE_USERS.admin));
  for (const project of visible) project.copy = [];
  const first = visible[0]!;
  const template = standInSeed().projects.find((p) => (p.copy ?? []).length > 0)!.copy![0]!;
  first.copy = [{ ...structuredClone(template), id: first.id }];
  return seed;
}
