// The clean-up's walk of a key's whole project list, to find the run's projects by their tag when no
// answer named them (clean-up.ts). Unlike the checks' sampled walk (transport/lists.ts) it goes on to
// the list's end — an empty page — and it holds against the servers that lose projects in the first
// place: a page cut short keeps the projects it holds whole (the offset moves on by as many), a page
// that cannot be read at all is asked again smaller, a server with a smaller page maximum gets the
// default page size, and a list that repeats itself (offset ignored) ends the walk. It is bounded: at
// most MOST_PAGES requests for each key, and no request past the clean-up's time (the transport's).
import { basicAuthorization, type RawResponse } from "../transport/http.js";
import { BusyError, DeadlineError } from "../transport/transport.js";
import { DEFAULT_LIMIT, MAX_LIMIT as PAGE } from "../description/description.js";
import type { Suite } from "./suite.js";

// The page size asked for is the description's maximum (PAGE); a server that refuses it gets DEFAULT_LIMIT.
/** Requests for each key's list, at most: 20,000 projects at full pages. */
export const MOST_PAGES = 200;

export interface ProjectsWalk {
  /** Every project listed, as listed (objects only). */
  projects: Array<Record<string, unknown>>;
  /** Whether the list was read to its end. */
  complete: boolean;
  /** Why it was not (read up to which offset, and what stopped it). */
  why?: string;
  /** Pages cut short, whose whole projects were kept. */
  cut: number;
  requests: number;
}

/** The parts of a JSON array's or object's text from just after its opening bracket at `open`, split at
 * its top-level commas: those that came whole, what came of the last one, and whether it was closed. */
function split(text: string, open: number): { whole: string[]; rest: string; closed: boolean } {
  const whole: string[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let from = open + 1;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if ((c === "}" || c === "]") && depth > 0) depth--;
    else if (depth === 0 && (c === "," || c === "}" || c === "]")) {
      const part = text.slice(from, i).trim();
      if (part) whole.push(part);
      if (c !== ",") return { whole, rest: "", closed: true };
      from = i + 1;
    }
  }
  return { whole, rest: text.slice(from).trim(), closed: false };
}

/** The elements of a JSON array cut short that arrived whole (`[{…},{…},{"id":4,"ti` → the first two),
 * and of the object it was cut in, the members that arrived whole (`{"id":4,"title":"…"`, the rest
 * cut: {id, title}) when they hold its id; undefined when the text does not begin an array. */
export function wholeElements(text: string): unknown[] | undefined {
  const start = text.search(/\S/);
  if (start < 0 || text[start] !== "[") return undefined;
  const { whole, rest, closed } = split(text, start);
  const elements: unknown[] = [];
  for (const part of whole) {
    try {
      elements.push(JSON.parse(part));
    } catch {
      return elements;
    }
  }
  if (closed || !rest.startsWith("{")) return elements;
  const partial: Record<string, unknown> = {};
  for (const member of split(rest, 0).whole) {
    try {
      Object.assign(partial, JSON.parse(`{${member}}`));
    } catch {
      break;
    }
  }
  if ("id" in partial) elements.push(partial);
  return elements;
}

/** What tells one listed project from another: its id (the item itself when it has none). */
const keyOf = (item: unknown) => JSON.stringify((item as { id?: unknown } | null)?.id ?? item);

export async function walkProjects(suite: Suite, apiKey: string): Promise<ProjectsWalk> {
  const projects: Array<Record<string, unknown>> = [];
  const seen = new Set<string>();
  let offset = 0;
  let limit = PAGE;
  let cut = 0;
  let requests = 0;
  let lastShort = false;
  /** Projects that could not be read even one to a page (skipped), and how many of those in a row. */
  let unread = 0;
  let unreadInARow = 0;
  const ended = (stopped?: string): ProjectsWalk => {
    const why = [unread && `${unread} project${unread > 1 ? "s" : ""} could not be read, even one to a page`, stopped]
      .filter(Boolean)
      .join("; ");
    return { projects, complete: !why, ...(why && { why: `read up to offset ${offset}: ${why}` }), cut, requests };
  };
  /** A page that could not be read is asked again four times smaller, down to one project. */
  const smaller = () => (limit > 1 ? ((limit = Math.max(1, Math.floor(limit / 4))), true) : false);

  while (requests < MOST_PAGES) {
    requests++;
    const asked = limit;
    const page: RawResponse | Error = await suite
      .send({ method: "get", path: "/projects.json", query: { offset, limit }, authorization: basicAuthorization(apiKey) })
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    if (page instanceof DeadlineError) return ended("the clean-up's time ran out");
    if (page instanceof BusyError) return ended(page.message);
    if (!(page instanceof Error) && (page.status === 400 || page.status === 422) && limit > DEFAULT_LIMIT && offset === 0) {
      limit = DEFAULT_LIMIT;
      continue;
    }
    if (!(page instanceof Error) && page.status !== 200) return ended(suite.explain("listProjects", page));
    const whole = page instanceof Error || !Array.isArray(page.json) ? undefined : (page.json as unknown[]);
    const items = whole ?? (page instanceof Error ? undefined : wholeElements(page.text));
    if (items === undefined || (!whole && items.length === 0)) {
      if (smaller()) continue;
      // One project that cannot be read is passed over; a list that cannot be read at all ends the walk.
      if (++unreadInARow > 3)
        return ended(
          `a page could not be read: ${page instanceof Error ? `GET /projects.json?offset=${offset}&limit=${limit}: ${page.message}` : suite.explain("listProjects", page)}`,
        );
      unread++;
      offset++;
      continue;
    }
    unreadInARow = 0;
    if (!whole) cut++;
    // A whole page after smaller ones: back towards full pages.
    else if (limit < PAGE) limit = Math.min(PAGE, limit * 2);
    if (items.length === 0) return ended();
    const fresh = items.filter((item) => !seen.has(keyOf(item)));
    // Every project seen before: the server ignores the offset. A list that fit in its first page is whole.
    if (fresh.length === 0) return ended(lastShort ? undefined : "the list repeats itself (is `offset` ignored?)");
    for (const item of fresh) {
      seen.add(keyOf(item));
      if (item && typeof item === "object" && !Array.isArray(item)) projects.push(item as Record<string, unknown>);
    }
    lastShort = !!whole && items.length < asked;
    offset += items.length;
  }
  return ended(`the clean-up reads at most ${MOST_PAGES} pages of a list`);
}
