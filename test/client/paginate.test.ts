// paginate and collectAll against a fake list of N items that honours offset and limit.
import { describe, expect, it } from "vitest";
import {
  ApiError,
  collectAll,
  createClient,
  DEFAULT_MAX_PAGES,
  MAX_PAGE_SIZE,
  paginate,
  PaginationError,
  type PaginationClient,
} from "../../src/index.js";
import { BASE_URL, fakeFetch, json, problem, type Reply } from "./fake-fetch.js";

/** A server holding `total` items: answers each page as the service would. */
function listOf(total: number): Reply {
  return (request) => {
    const url = new URL(request.url);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const limit = Number(url.searchParams.get("limit") ?? 30);
    const page = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ id: offset + i + 1 }));
    return json(page);
  };
}

function clientWith(...replies: Reply[]) {
  const fake = fakeFetch(...replies);
  const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, retry: false });
  const queries = () => fake.sent.map((s) => Object.fromEntries(s.url.searchParams));
  return { client, sent: fake.sent, queries };
}

describe("termination", () => {
  it("an empty first page: one request, nothing yielded", async () => {
    const { client, queries } = clientWith(listOf(0));
    expect(await collectAll(client, "/projects.json")).toEqual([]);
    expect(queries()).toEqual([{ offset: "0", limit: String(MAX_PAGE_SIZE) }]);
  });

  it("a short last page ends the walk without an extra request", async () => {
    const { client, queries } = clientWith(listOf(7));
    const items = await collectAll(client, "/projects.json", { params: { query: { limit: 3 } } });
    expect(items.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(queries()).toEqual([
      { offset: "0", limit: "3" },
      { offset: "3", limit: "3" },
      { offset: "6", limit: "3" },
    ]);
  });

  it("an exact multiple of the page size costs one extra, empty request", async () => {
    const { client, queries } = clientWith(listOf(6));
    const items = await collectAll(client, "/projects.json", { params: { query: { limit: 3 } } });
    expect(items).toHaveLength(6);
    expect(queries().map((q) => q.offset)).toEqual(["0", "3", "6"]);
  });

  it("a single full page of the default size, then the empty one", async () => {
    const { client, sent } = clientWith(listOf(MAX_PAGE_SIZE));
    expect(await collectAll(client, "/projects.json")).toHaveLength(MAX_PAGE_SIZE);
    expect(sent).toHaveLength(2);
  });

  it("stops early when the consumer does: no request for pages nobody reads", async () => {
    const { client, sent } = clientWith(listOf(1000));
    const seen: number[] = [];
    for await (const project of paginate(client, "/projects.json", { params: { query: { limit: 10 } } })) {
      seen.push(project.id);
      if (seen.length === 15) break;
    }
    expect(seen).toHaveLength(15);
    expect(sent).toHaveLength(2);
  });
});

describe("parameters", () => {
  it("starts at the given offset and keeps path parameters", async () => {
    const { client, sent } = clientWith(listOf(12));
    const files = await collectAll(client, "/v1/projects/{project_id}/files.json", {
      params: { path: { project_id: 48213 }, query: { offset: 5, limit: 5 } },
    });
    expect(files.map((f) => f.id)).toEqual([6, 7, 8, 9, 10, 11, 12]);
    expect(sent.map((s) => `${s.url.pathname}?${s.url.searchParams}`)).toEqual([
      "/public/api/v1/projects/48213/files.json?offset=5&limit=5",
      "/public/api/v1/projects/48213/files.json?offset=10&limit=5",
    ]);
  });

  it("a page with more items than `limit` is a PaginationError, after nothing is yielded from it", async () => {
    // A server that ignores the limit: asked for 2, it sends 3.
    const { client, sent } = clientWith(json([{ id: 1 }, { id: 2 }, { id: 3 }]));
    const error = await collectAll(client, "/projects.json", { params: { query: { limit: 2 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ reason: "page-over-limit", path: "/projects.json", offset: 0, limit: 2, received: 3 });
    expect((error as Error).message).toBe(
      'paginate: GET /projects.json answered 3 items to limit=2 (offset=0); a server that ignores "limit" cannot be paged',
    );
    expect(sent).toHaveLength(1);
  });
});

describe("failures", () => {
  it("a failing page throws ApiError naming the operation, after the items already yielded", async () => {
    const { client } = clientWith(json([{ id: 1 }, { id: 2 }]), problem(500, "Internal Server Error"));
    const seen: number[] = [];
    const walk = async () => {
      for await (const p of paginate(client, "/projects.json", { params: { query: { limit: 2 } } })) seen.push(p.id);
    };
    const error = await walk().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, operation: "GET /projects.json" });
    expect(seen).toEqual([1, 2]);
  });
});

describe("servers that do not page (they would make the walk endless or wrong)", () => {
  /** A server that ignores `offset` (as Prism's mock does): every request gets the first page. */
  const ignoresOffset: Reply = (request) => {
    const limit = Number(new URL(request.url).searchParams.get("limit"));
    return json(Array.from({ length: limit }, (_, i) => ({ id: i + 1 })));
  };
  /** Walks until the walk ends, counting what it yielded; returns what it threw. */
  async function walkOf(client: ReturnType<typeof clientWith>["client"], limit: number, maxPages?: number) {
    const seen: number[] = [];
    try {
      for await (const p of paginate(client, "/projects.json", { params: { query: { limit } }, ...(maxPages ? { maxPages } : {}) }))
        seen.push(p.id);
    } catch (error) {
      return { error, seen };
    }
    return { error: undefined, seen };
  }

  it("a full page equal to the previous one throws PaginationError after two pages, the first one yielded", async () => {
    const { client, queries } = clientWith(ignoresOffset);
    const { error, seen } = await walkOf(client, 2);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ reason: "repeated-page", offset: 2, limit: 2, received: 2 });
    expect((error as Error).message).toBe(
      'paginate: GET /projects.json answered 2 items at offset=2 (limit=2) that all came earlier in the walk; a server that ignores "offset" cannot be paged',
    );
    expect(seen).toEqual([1, 2]);
    expect(queries()).toEqual([
      { offset: "0", limit: "2" },
      { offset: "2", limit: "2" },
    ]);
  });

  it("with limit 1 too (the page that repeats is a single item)", async () => {
    const { client, sent } = clientWith(ignoresOffset);
    await expect(collectAll(client, "/projects.json", { params: { query: { limit: 1 } } })).rejects.toThrow(PaginationError);
    expect(sent).toHaveLength(2);
  });

  it("ignoring offset but changing a field on every page: the ids tell, after two pages", async () => {
    let call = 0;
    const { client, sent } = clientWith(() =>
      json([
        { id: 1, title: `Spring ${++call}` },
        { id: 2, title: "Autumn" },
      ]),
    );
    expect(await walkOf(client, 2)).toMatchObject({ error: { reason: "repeated-page", offset: 2 }, seen: [1, 2] });
    expect(sent).toHaveLength(2);
  });

  it("alternating two pages: stops at the third, which brings nothing new", async () => {
    let call = 0;
    const { client, sent } = clientWith(() => json(call++ % 2 === 0 ? [{ id: 1 }, { id: 2 }] : [{ id: 3 }, { id: 4 }]));
    expect(await walkOf(client, 2)).toMatchObject({ error: { reason: "repeated-page", offset: 4 }, seen: [1, 2, 3, 4] });
    expect(sent).toHaveLength(3);
  });

  it("the same items in another order on every page: stops at the second", async () => {
    let call = 0;
    const orders = [
      [1, 2, 3],
      [3, 1, 2],
      [2, 3, 1],
    ];
    const { client, sent } = clientWith(() => json(orders[call++ % 3]!.map((id) => ({ id }))));
    expect(await walkOf(client, 3)).toMatchObject({ error: { reason: "repeated-page" }, seen: [1, 2, 3] });
    expect(sent).toHaveLength(2);
  });

  it("a short last page of items seen before is an error too, not a silent duplicate", async () => {
    let call = 0;
    const { client } = clientWith(() => json([[{ id: 1 }, { id: 2 }], [{ id: 3 }, { id: 4 }], [{ id: 1 }]][call++] ?? []));
    expect(await walkOf(client, 2)).toMatchObject({ error: { reason: "repeated-page", offset: 4, received: 1 }, seen: [1, 2, 3, 4] });
  });

  it("a page that repeats some items but brings one new one goes on, and yields what it holds", async () => {
    // An item added at the front between two requests shifts the list by one: the next page starts
    // with an item seen already. That is how a live list pages; only a page with nothing new is wrong.
    let call = 0;
    const { client } = clientWith(() => json([[{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 3 }], [{ id: 4 }]][call++] ?? []));
    expect(await walkOf(client, 2)).toEqual({ error: undefined, seen: [1, 2, 2, 3, 4] });
  });

  it("items without an id cannot be recognised, so they count as new: the ceiling ends such a walk", async () => {
    const { client, sent } = clientWith(() => json([{ name: "a" }, { name: "b" }]));
    const { error } = await walkOf(client, 2, 5);
    expect(error).toMatchObject({ reason: "too-many-pages" });
    expect(sent).toHaveLength(5);
  });
});

describe("the ceiling (maxPages)", () => {
  /** A list that never ends: every page full of new items. */
  const endless: Reply = (request) => {
    const url = new URL(request.url);
    const offset = Number(url.searchParams.get("offset"));
    return json(Array.from({ length: Number(url.searchParams.get("limit")) }, (_, i) => ({ id: offset + i + 1 })));
  };

  it("stops after maxPages full pages with PaginationError, every item of them yielded", async () => {
    const { client, queries } = clientWith(endless);
    const seen: number[] = [];
    const walk = async () => {
      for await (const p of paginate(client, "/projects.json", { params: { query: { limit: 2 } }, maxPages: 3 })) seen.push(p.id);
    };
    const error = await walk().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ reason: "too-many-pages", offset: 6, limit: 2, received: 2 });
    expect((error as Error).message).toBe(
      "paginate: GET /projects.json stopped before offset=6 (limit=2): the walk reached its maxPages and the list goes on",
    );
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(queries().map((q) => q.offset)).toEqual(["0", "2", "4"]);
    // maxPages is the walk's own: it is not sent.
    expect(Object.keys(queries()[0]!).sort()).toEqual(["limit", "offset"]);
  });

  it("takes one page as the ceiling, and names its error", async () => {
    const { client } = clientWith(listOf(1));
    expect(await collectAll(client, "/projects.json", { params: { query: { limit: 2 } }, maxPages: 1 })).toHaveLength(1);
    const { client: longer } = clientWith(endless);
    const error = await collectAll(longer, "/projects.json", { params: { query: { limit: 2 } }, maxPages: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "PaginationError", reason: "too-many-pages" });
  });

  it("a list that ends on the last allowed page is no error", async () => {
    const { client } = clientWith(listOf(5));
    expect(await collectAll(client, "/projects.json", { params: { query: { limit: 2 } }, maxPages: 3 })).toHaveLength(5);
  });

  it("is 10,000 pages by default: a million items at the largest page size", async () => {
    expect(DEFAULT_MAX_PAGES).toBe(10_000);
    // A bare PaginationClient rather than a whole client over fetch: 10,000 pages must stay cheap.
    const ok = new Response(null, { status: 200 });
    let requests = 0;
    const client: PaginationClient = {
      GET: async (_, init) => {
        const { offset } = (init!.params as { query: { offset: number } }).query;
        requests++;
        return { data: [{ id: offset + 1 }], response: ok };
      },
    };
    const error = await collectAll(client, "/projects.json", { params: { query: { limit: 1 } } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "too-many-pages", offset: 10_000 });
    expect(requests).toBe(10_000);
  });

  it("takes Infinity for no ceiling", async () => {
    const { client } = clientWith(listOf(5));
    expect(await collectAll(client, "/projects.json", { params: { query: { limit: 2 } }, maxPages: Infinity })).toHaveLength(5);
  });

  it("passes on items that are not objects (they have no id to recognise)", async () => {
    const { client } = clientWith(() => json([null, 7]));
    expect(await collectAll(client, "/projects.json", { params: { query: { limit: 5 } } })).toEqual([null, 7]);
  });

  it("refuses a ceiling that is not a whole number of pages", async () => {
    const { client, sent } = clientWith(endless);
    for (const maxPages of [0, -1, 1.5, Number.NaN]) {
      await expect(collectAll(client, "/projects.json", { maxPages })).rejects.toThrow(
        new RangeError("paginate: maxPages must be an integer ≥ 1 (or Infinity)"),
      );
    }
    expect(sent).toHaveLength(0);
  });
});

describe("bad pages and bad options", () => {
  it("an empty 200 body ends the walk", async () => {
    const { client } = clientWith(new Response(null, { status: 200 }));
    expect(await collectAll(client, "/projects.json")).toEqual([]);
  });

  it("a page that is not an array is a TypeError, not a character-by-character walk", async () => {
    const { client } = clientWith(json({ id: 1 }));
    await expect(collectAll(client, "/projects.json")).rejects.toThrow(TypeError);
  });

  it("refuses a limit the walk could not end with (0, over the maximum, not an integer)", async () => {
    const { client, sent } = clientWith(listOf(3));
    for (const limit of [0, MAX_PAGE_SIZE + 1, 2.5]) {
      await expect(collectAll(client, "/projects.json", { params: { query: { limit } } })).rejects.toThrow(RangeError);
    }
    expect(sent).toHaveLength(0);
  });
});

describe("pagination with path parameters only (the README's example)", () => {
  it("adds offset 0 and the maximum limit, and keeps the path", async () => {
    const fake = fakeFetch(json([{ id: 1 }]));
    const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, retry: false });
    const files = await collectAll(client, "/v1/projects/{project_id}/files.json", { params: { path: { project_id: 48213 } } });
    expect(files).toEqual([{ id: 1 }]);
    expect(fake.sent.map((s) => `${s.url.pathname}?${s.url.searchParams}`)).toEqual([
      "/public/api/v1/projects/48213/files.json?offset=0&limit=100",
    ]);
  });

  it("a page that is a string is refused with a message naming the path", async () => {
    const fake = fakeFetch(json("abc"));
    const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, retry: false });
    const walk = paginate(client, "/projects.json");
    await expect(walk.next()).rejects.toThrow(new TypeError("paginate: /projects.json answered with something other than an array"));
  });

  it("a limit of 1 walks one item per request", async () => {
    const fake = fakeFetch(json([{ id: 1 }]), json([]));
    const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fake.fetch, retry: false });
    expect(await collectAll(client, "/projects.json", { params: { query: { limit: 1 } } })).toEqual([{ id: 1 }]);
    expect(fake.sent.map((s) => s.url.searchParams.get("offset"))).toEqual(["0", "1"]);
  });

  it("a limit out of range is refused with a message giving the range", async () => {
    const client = createClient({ baseUrl: BASE_URL, apiKey: "k", fetch: fakeFetch(json([])).fetch });
    await expect(collectAll(client, "/projects.json", { params: { query: { limit: 101 } } })).rejects.toThrow(
      new RangeError("paginate: limit must be an integer from 1 to 100"),
    );
  });
});
