// Each defect of the second blind round (app-layer-blind-2.ts) is live: one request sequence of our own,
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
import { BLIND_ROUND_2 } from "./app-layer-blind-2.js";

const ADMIN = "sandbox-admin-key"; // Dana, Administrator at Northwind, creator of 48213
const VIEWER = "sandbox-viewer-key"; // Lee, Viewer at Northwind, member of 48213
const HIDDEN = 48378; // a project only the agency's editor was added to
const HIDDEN_COPY = 5521; // its copy
const ADMIN_ONLY = 700001; // a Northwind project only the administrator was added to

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
  "project-visible-to-whole-organization": async (send) => {
    await send(`/projects/${ADMIN_ONLY}.json`, { key: VIEWER });
  },
  "project-list-cache-shared-between-callers": async (send) => {
    await send("/projects.json?limit=50");
    await send("/projects.json?limit=50", { key: VIEWER });
  },
  "head-skips-project-visibility": async (send) => {
    await send(`/projects/${HIDDEN}.json`, { method: "HEAD" });
  },
  "delete-allowed-to-any-colleague": async (send) => {
    const id = await sharedProject(send);
    await send(`/projects/${id}.json`, { method: "DELETE", key: VIEWER });
    await send(`/projects/${id}.json`);
  },
  "description-column-255-truncates": async (send) => {
    await send("/projects.json", { method: "POST", body: { name: "Long brief", description: "d".repeat(300) } });
  },
  "written-timestamps-without-offset": async (send) => {
    await send("/projects.json", { method: "POST", body: { name: "Stamped" } });
  },
  "offset-past-end-gives-last-page": async (send) => {
    await send("/projects.json?offset=100&limit=10");
  },
  "null-fields-omitted": async (send) => {
    await send("/projects/48213/users.json");
  },
  "copy-revisions-of-any-project": async (send) => {
    await send(`/copy/${HIDDEN_COPY}/revisions.json`);
  },
  "files-offset-ignored": async (send) => {
    await send("/v1/projects/48213/files.json?offset=1");
  },
  "concurrent-adds-lose-one": async (send) => {
    const { id } = (await send("/projects.json", { method: "POST", body: { name: "Two at once" } })).json();
    await Promise.all([
      send(`/projects/${id}/users.json`, { method: "POST", body: { user: "1003" } }),
      send(`/projects/${id}/users.json`, { method: "POST", body: { user: "2087" } }),
    ]);
    await send(`/projects/${id}/users.json`);
  },
  "removal-drops-user-from-every-project": async (send) => {
    const id = await sharedProject(send);
    await send(`/projects/${id}/users/1003.json`, { method: "DELETE" });
    await send("/projects/48213/users.json");
  },
  "creator-missing-from-users-list": async (send) => {
    const { id } = (await send("/projects.json", { method: "POST", body: { name: "Mine" } })).json();
    await send(`/projects/${id}/users.json`);
  },
  "invited-account-gets-default-group": async (send) => {
    const { id } = (await send("/projects.json", { method: "POST", body: { name: "Invitation" } })).json();
    await send(`/projects/${id}/users.json`, { method: "POST", body: { email: "new.person@example.org" } });
  },
  "add-by-email-looks-in-caller-organization": async (send) => {
    const { id } = (await send("/projects.json", { method: "POST", body: { name: "Partner" } })).json();
    await send(`/projects/${id}/users.json`, { method: "POST", body: { email: "sam.okafor@agency.example" } });
    await send(`/projects/${id}/users.json`);
  },
  "organization-saved-before-refusal": async (send) => {
    await send("/organizations.json", { method: "PATCH", key: VIEWER, body: { phone: "+1 503 555 0100" } });
    await send("/organizations.json", { key: VIEWER });
  },
  "organization-modified-not-touched-by-address": async (send) => {
    await send("/organizations.json", { method: "PATCH", body: { address: { street2: "Suite 9" } } });
    await send("/organizations.json");
  },
  "organization-read-by-id-parameter": async (send) => {
    await send("/organizations.json?id=2");
  },
  "groups-list-only-callers-group": async (send) => {
    await send("/groups.json", { key: VIEWER });
  },
  "unrouted-requests-answer-html": async (send) => {
    await send("/projects/48213.json", { method: "PUT", body: { name: "Put" } });
  },
};

/** Requests that none of the defects is about: both stand-ins answer them alike. */
const ORDINARY: Sequence = async (send) => {
  await send("/projects.json?offset=2&limit=3");
  await send("/projects/48213.json");
  await send("/projects/48213.json", { key: VIEWER });
  await send("/projects/48213/copy.json");
  await send("/organizations.json", { key: VIEWER });
  await send("/groups/2.json");
  await send(`/projects/${HIDDEN}.json`, { key: VIEWER });
  await send("/projects.json", { method: "POST", key: VIEWER, body: { name: "Refused" } });
  await send("/projects/48377.json", { method: "DELETE", key: VIEWER });
};

async function compare(sequence: Sequence, wrap?: AppDefect["wrap"]) {
  const faithful = standIn();
  const other = standIn(wrap);
  await sequence(faithful.send);
  await sequence(other.send);
  return { faithful: faithful.answers, other: other.answers, hits: other.hits() };
}

describe("the second blind round", () => {
  it("has twenty defects with distinct ids, each quoting what it breaks and its public source", () => {
    expect(BLIND_ROUND_2).toHaveLength(20);
    expect(new Set(BLIND_ROUND_2.map((d) => d.id)).size).toBe(20);
    for (const d of BLIND_ROUND_2) expect([d.what, d.states, d.source].every((t) => t.length > 20)).toBe(true);
    expect(Object.keys(SEQUENCES).sort()).toEqual(BLIND_ROUND_2.map((d) => d.id).sort());
  });

  it.each(BLIND_ROUND_2.map((d) => [d.id, d] as const))("%s answers otherwise, and counts it", async (id, defect) => {
    const { faithful, other, hits } = await compare(SEQUENCES[id]!, defect.wrap);
    expect(other).not.toEqual(faithful);
    expect(hits).toBeGreaterThan(0);
  });

  it.each(BLIND_ROUND_2.map((d) => [d.id, d] as const))("%s answers ordinary requests as the faithful stand-in", async (_id, defect) => {
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
