// paginate and collectAll against a fake list of N items that honours offset and limit.
import { describe, expect, it } from "vitest";
import { ApiError, collectAll, createClient, MAX_PAGE_SIZE, paginate, PaginationError } from "../../src/index.js";
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
    expect((error as Error).message).toBe('paginate: GET /projects.json answered 3 items to limit=2 (offset=0); a server that ignores "limit" cannot be paged');
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

  it("a full page equal to the previous one throws PaginationError after two pages, the first one yielded", async () => {
    const { client, queries } = clientWith(ignoresOffset);
    const seen: number[] = [];
    const walk = async () => {
      for await (const p of paginate(client, "/projects.json", { params: { query: { limit: 2 } } })) seen.push(p.id);
    };
    const error = await walk().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ reason: "repeated-page", offset: 2, limit: 2, received: 2 });
    expect((error as Error).message).toBe('paginate: GET /projects.json answered the same 2 items at offset=2 as at offset=0 (limit=2); a server that ignores "offset" cannot be paged');
    expect(seen).toEqual([1, 2]);
    expect(queries()).toEqual([{ offset: "0", limit: "2" }, { offset: "2", limit: "2" }]);
  });

  it("with limit 1 too (the page that repeats is a single item)", async () => {
    const { client, sent } = clientWith(ignoresOffset);
    await expect(collectAll(client, "/projects.json", { params: { query: { limit: 1 } } })).rejects.toThrow(PaginationError);
    expect(sent).toHaveLength(2);
  });

  it("only consecutive pages are compared: a page equal to an older one is not an error", async () => {
    // Pages [1,2], [3,4], [1,2]… only consecutive pages are compared: the third page repeats the first.
    let call = 0;
    const cycling: Reply = () => json([[{ id: 1 }, { id: 2 }], [{ id: 3 }, { id: 4 }], [{ id: 1 }]][call++] ?? []);
    const { client } = clientWith(cycling);
    expect((await collectAll(client, "/projects.json", { params: { query: { limit: 2 } } })).map((p) => p.id)).toEqual([1, 2, 3, 4, 1]);
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

