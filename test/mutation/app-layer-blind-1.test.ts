// Each defect of the first blind round (app-layer-blind-1.ts) is live: one request sequence of our own,
// not the checker's, sent to the faithful stand-in and to the stand-in behind the defect, gets another
// answer from the second, and the defect counts it as a hit. An ordinary sequence gets the same answers
// from both and no hit, and the same comparison finds nothing between two faithful stand-ins.
// Out of `npm test` (test/mutation/** is excluded there):
//   npx vitest run --config test/mutation/vitest.blind.config.ts
import { describe, expect, it } from "vitest";
import { createSandbox } from "../../src/sandbox/index.js";
import { documentedOnly, type Handler } from "../support/stand-in/documented-only.js";
import { standInSeed } from "../support/stand-in/seed.js";
import type { AppDefect } from "./app-layer-defects.js";
import { BLIND_ROUND_1 } from "./app-layer-blind-1.js";

const ADMIN = "sandbox-admin-key"; // Dana, Administrator at Northwind, creator of 48213
const VIEWER = "sandbox-viewer-key"; // Lee, Viewer at Northwind, member of 48213
const HIDDEN = 48378; // a project only the agency's editor was added to

interface Sent {
  method?: string;
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
}
type Send = (path: string, sent?: Sent) => Promise<{ status: number; text: string; json: () => any }>;
type Sequence = (send: Send) => Promise<void>;

/** A stand-in (behind `wrap` if given) and a client that records every answer it gets. */
function standIn(wrap?: AppDefect["wrap"]) {
  const sandbox = createSandbox({ seed: standInSeed(), now: () => new Date("2026-12-02T07:00:00Z") });
  const faithful: Handler = documentedOnly((request) => sandbox.fetch(request));
  let hits = 0;
  const handler = wrap ? wrap(faithful, () => void hits++) : faithful;
  const answers: string[] = [];
  const send: Send = async (path, { method = "GET", key = ADMIN, body, headers = {} } = {}) => {
    const response = await handler(
      new Request(`https://stand-in.invalid${path}`, {
        method,
        headers: {
          authorization: `Basic ${btoa(`${key}:`)}`,
          ...(body !== undefined && { "content-type": "application/json" }),
          ...headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    answers.push(`${method} ${path} → ${response.status} ${text}`);
    return { status: response.status, text, json: () => JSON.parse(text) };
  };
  return { send, answers, hits: () => hits };
}

/** A project the administrator creates, with the viewer added to it; its id. */
async function sharedProject(send: Send): Promise<number> {
  const { id } = (
    await send("/projects.json", { method: "POST", body: { name: "Blind round", description: "Kept", job_code: "B-1" } })
  ).json();
  await send(`/projects/${id}/users.json`, { method: "POST", body: { user: "1003" } });
  return id;
}

const SEQUENCES: Record<string, Sequence> = {
  "removed-member-keeps-reading": async (send) => {
    const id = await sharedProject(send);
    await send(`/projects/${id}/users/1003.json`, { method: "DELETE" });
    await send(`/projects/${id}.json`, { key: VIEWER });
  },
  "method-override-skips-delete-rule": async (send) => {
    const id = await sharedProject(send);
    await send(`/projects/${id}.json`, { method: "POST", key: VIEWER, headers: { "x-http-method-override": "DELETE" } });
    await send(`/projects/${id}.json`);
  },
  "address-update-skips-administrator-check": async (send) => {
    await send("/organizations.json", { method: "PATCH", key: VIEWER, body: { address: { street2: "Suite 9" } } });
  },
  "path-without-suffix-skips-visibility": async (send) => {
    await send(`/projects/${HIDDEN}`, { key: VIEWER });
  },
  "project-users-scoped-to-caller-organization": async (send) => {
    await send("/projects/48213/users.json");
  },
  "deleted-project-parts-still-listed": async (send) => {
    const id = await sharedProject(send);
    await send(`/projects/${id}.json`, { method: "DELETE" });
    await send(`/projects/${id}/users.json`);
  },
  "project-list-cache-kept-on-update": async (send) => {
    await send("/projects.json?limit=5");
    await send("/projects/48213.json", { method: "PATCH", body: { name: "Renamed" } });
    await send("/projects.json?limit=5");
  },
  "default-page-size-25": async (send) => {
    await send("/projects.json");
  },
  "offset-read-as-page-number": async (send) => {
    await send("/projects.json?offset=2&limit=10");
  },
  "project-list-paged-before-membership-filter": async (send) => {
    await sharedProject(send);
    await send("/projects.json", { key: VIEWER });
  },
  "job-code-limit-off-by-one": async (send) => {
    await send("/projects.json", { method: "POST", body: { name: "Twenty", job_code: "J".repeat(20) } });
  },
  "name-limit-counted-in-bytes": async (send) => {
    await send("/projects.json", { method: "POST", body: { name: "é".repeat(30) } });
  },
  "text-fields-trimmed": async (send) => {
    await send("/projects.json", { method: "POST", body: { name: "  Padded  " } });
  },
  "request-body-read-as-latin-1": async (send) => {
    await send("/projects.json", { method: "POST", body: { name: "Café" } });
  },
  "modified-set-on-create": async (send) => {
    await send("/projects.json", { method: "POST", body: { name: "Fresh" } });
  },
  "ownership-from-creator": async (send) => {
    await send("/projects/48213.json", { key: VIEWER });
  },
  "project-patch-clears-absent-fields": async (send) => {
    await send("/projects/48213.json", { method: "PATCH", body: { name: "Renamed" } });
    await send("/projects/48213.json");
  },
  "organization-address-replaced": async (send) => {
    await send("/organizations.json", { method: "PATCH", body: { address: { street2: "Suite 410" } } });
    await send("/organizations.json");
  },
  "re-adding-a-member-duplicates-them": async (send) => {
    const id = await sharedProject(send);
    await send(`/projects/${id}/users.json`, { method: "POST", body: { user: "1003" } });
    await send(`/projects/${id}/users.json`);
  },
  "creator-removable-while-others-remain": async (send) => {
    const id = await sharedProject(send);
    await send(`/projects/${id}/users/1001.json`, { method: "DELETE" });
  },
};

/** Requests that none of the defects is about: both stand-ins answer them alike. */
const ORDINARY: Sequence = async (send) => {
  await send("/projects.json?limit=10");
  await send("/projects/48213.json");
  await send("/projects/48377.json");
  await send("/projects/48213/copy.json");
  await send("/organizations.json", { key: VIEWER });
  await send("/groups.json");
  await send(`/projects/${HIDDEN}.json`, { key: VIEWER });
  await send("/projects.json", { method: "POST", key: VIEWER, body: { name: "Refused" } });
};

async function compare(sequence: Sequence, wrap?: AppDefect["wrap"]) {
  const faithful = standIn();
  const other = standIn(wrap);
  await sequence(faithful.send);
  await sequence(other.send);
  return { faithful: faithful.answers, other: other.answers, hits: other.hits() };
}

describe("the first blind round", () => {
  it("has twenty defects with distinct ids, each quoting what it breaks and its public source", () => {
    expect(BLIND_ROUND_1).toHaveLength(20);
    expect(new Set(BLIND_ROUND_1.map((d) => d.id)).size).toBe(20);
    for (const d of BLIND_ROUND_1) expect([d.what, d.states, d.source].every((t) => t.length > 20)).toBe(true);
    expect(Object.keys(SEQUENCES).sort()).toEqual(BLIND_ROUND_1.map((d) => d.id).sort());
  });

  it.each(BLIND_ROUND_1.map((d) => [d.id, d] as const))("%s answers otherwise, and counts it", async (id, defect) => {
    const { faithful, other, hits } = await compare(SEQUENCES[id]!, defect.wrap);
    expect(other).not.toEqual(faithful);
    expect(hits).toBeGreaterThan(0);
  });

  it.each(BLIND_ROUND_1.map((d) => [d.id, d] as const))("%s answers ordinary requests as the faithful stand-in", async (_id, defect) => {
    const { faithful, other, hits } = await compare(ORDINARY, defect.wrap);
    expect(other).toEqual(faithful);
    expect(hits).toBe(0);
  });

  it("finds no difference between two faithful stand-ins on any of those sequences", async () => {
    for (const sequence of Object.values(SEQUENCES)) {
      const { faithful, other } = await compare(sequence);
      expect(other).toEqual(faithful);
    }
  });
});
