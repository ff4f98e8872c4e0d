// Stand-ins whose create answers cannot name what they created, for the checker's clean-up
// (test/conformance-levels/clean-up.test.ts). Each creates the project as asked; only the answer is broken:
//   - cutCreates: a create's answer cut short in the middle of its JSON (a serializer that stops
//     early), the status and content type kept;
//   - cutLongBodies: every JSON body longer than `most` characters cut there (a proxy's buffer): the
//     project lists too, and the creates whose values are long;
//   - dropsCreateAnswers: a create's answer stops half-way, the connection reset (no body to read);
//   - notJsonCreates: a create's answer is an HTML page, not JSON;
//   - firstProjectAgain: every create after the first one answers with the first project (an answer
//     cache keyed too coarsely): the new project is made, and the answer names the old one;
//   - refusesDeletes: every DELETE of a project is refused with 403.
// A project of another checker run, and one whose name only resembles the run's tag, are put in the
// seed by strangersSeed(), to show the clean-up deletes neither.
import type { SandboxSeed } from "../../../src/sandbox/index.js";
import type { Handler } from "./documented-only.js";
import { standInSeed } from "./seed.js";

const isCreate = (request: Request) => request.method === "POST" && new URL(request.url).pathname === "/projects.json";
const success = (response: Response) => response.status >= 200 && response.status < 300;

export function cutCreates(handler: Handler): Handler {
  return async (request) => {
    const response = await handler(request);
    if (!isCreate(request) || !success(response)) return response;
    const text = await response.text();
    return new Response(text.slice(0, Math.floor(text.length / 2)), { status: response.status, headers: response.headers });
  };
}

export function cutLongBodies(handler: Handler, most: number): Handler {
  return async (request) => {
    const response = await handler(request);
    if (!/json/.test(response.headers.get("content-type") ?? "")) return response;
    const text = await response.text();
    return new Response(text.slice(0, most), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

export function dropsCreateAnswers(handler: Handler): Handler {
  return async (request) => {
    const response = await handler(request);
    if (!isCreate(request) || !success(response)) return response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, bytes.length >> 1));
        controller.error(new Error("connection reset by peer"));
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

export function notJsonCreates(handler: Handler): Handler {
  return async (request) => {
    const response = await handler(request);
    if (!isCreate(request) || !success(response)) return response;
    return new Response("<html><body><h1>Project created</h1></body></html>", {
      status: response.status,
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  };
}

export function firstProjectAgain(handler: Handler): Handler {
  let first: { status: number; text: string } | undefined;
  return async (request) => {
    const response = await handler(request);
    if (!isCreate(request) || !success(response)) return response;
    if (first) return new Response(first.text, { status: first.status, headers: { "content-type": "application/json" } });
    first = { status: response.status, text: await response.text() };
    return new Response(first.text, { status: first.status, headers: { "content-type": "application/json" } });
  };
}

export function refusesDeletes(handler: Handler): Handler {
  return async (request) =>
    request.method === "DELETE" && /^\/projects\/\d+\.json$/.test(new URL(request.url).pathname)
      ? new Response(JSON.stringify({ error: "Deleting projects is disabled" }), {
          status: 403,
          headers: { "content-type": "application/json" },
        })
      : handler(request);
}

/** Titles of projects that are not this run's, though they look like a checker run's. */
export const STRANGER_TITLES = (runTag: string) => [
  // Another run's tag.
  "pcs-contract-test zzzzzz left by another run",
  // The run's tag with one more character, and the tag without its separating space.
  `${runTag}0 not quite`,
  `${runTag}x`,
  // The tag in another case, and inside a name.
  `${runTag.toUpperCase()} shouted`,
  `copy of ${runTag} something`,
];

/** The stand-in seed with projects the administrator sees whose titles are `titles`. */
export function seedWithTitles(titles: string[]): SandboxSeed {
  const seed = standInSeed();
  const template = seed.projects.find((p) => p.title.startsWith("Stand-in project"))!;
  titles.forEach((title, i) => seed.projects.push({ ...structuredClone(template), id: 800_000 + i, title }));
  return seed;
}
