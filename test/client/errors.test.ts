// unwrap and ApiError: problem bodies, non-JSON bodies, empty bodies, 204, and the operation named.
import { describe, expect, it } from "vitest";
import createFetchClient from "openapi-fetch";
import { ApiError, createClient, unwrap, type paths } from "../../src/index.js";
import { toApiError } from "../../src/api-error.js";
import { BASE_URL, fakeFetch, json, problem, status, type Reply } from "./fake-fetch.js";

function clientWith(...replies: Reply[]) {
  // A key that none of the bodies below contains: every occurrence of the key is redacted.
  return createClient({ baseUrl: BASE_URL, apiKey: "errors-test-key", fetch: fakeFetch(...replies).fetch, retry: false });
}

function thrownBy(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected a throw");
}

const getProject = (client: ReturnType<typeof clientWith>) =>
  client.GET("/projects/{project_id}.json", { params: { path: { project_id: 48213 } } });

describe("a problem+json body", () => {
  it("becomes ApiError.problem, with status and operation", async () => {
    const error = thrownBy(unwrap.bind(null, await getProject(clientWith(problem(404, "Not Found", "No project 48213.")))));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ApiError");
    expect(error.status).toBe(404);
    expect(error.operation).toBe("GET /projects/{project_id}.json");
    expect(error.problem).toEqual({ type: "about:blank", title: "Not Found", status: 404, detail: "No project 48213." });
    expect(error.text).toBeUndefined();
    expect(error.message).toBe("GET /projects/{project_id}.json failed with status 404: Not Found — No project 48213.");
    expect(error.response.status).toBe(404);
  });

  it("keeps validation errors of a 400", async () => {
    const body = { title: "Bad Request", status: 400, errors: [{ pointer: "/name", detail: "is required" }] };
    const client = clientWith(json(body, 400, { "Content-Type": "application/problem+json" }));
    const error = thrownBy(unwrap.bind(null, await client.POST("/projects.json", { body: { name: "" } })));
    expect(error.operation).toBe("POST /projects.json");
    expect(error.problem).toEqual(body);
  });

  it("the response stays reachable but out of the error's enumerable fields", async () => {
    const error = thrownBy(
      unwrap.bind(null, await getProject(clientWith(problem(429, "Too Many Requests", undefined, { "Retry-After": "3" })))),
    );
    expect(error.response.headers.get("Retry-After")).toBe("3");
    expect(Object.keys(error)).not.toContain("response");
  });
});

describe("a body that is not JSON", () => {
  it("an HTML error page is kept verbatim in ApiError.text", async () => {
    const html = "<html><body><h1>502 Bad Gateway</h1></body></html>";
    const error = thrownBy(
      unwrap.bind(null, await getProject(clientWith(new Response(html, { status: 502, headers: { "Content-Type": "text/html" } })))),
    );
    expect(error.status).toBe(502);
    expect(error.text).toBe(html);
    expect(error.problem).toBeUndefined();
    expect(error.message).toBe(`GET /projects/{project_id}.json failed with status 502 and a non-JSON body (${html.length} characters)`);
  });

  it("JSON that is not an object is kept as text", async () => {
    const error = thrownBy(unwrap.bind(null, await getProject(clientWith(json(["a"], 500)))));
    expect(error.text).toBe('["a"]');
    expect(error.problem).toBeUndefined();
  });
});

describe("empty bodies", () => {
  it.each([
    ["no Content-Length", () => new Response("", { status: 500 })],
    ["Content-Length: 0", () => new Response("", { status: 503, headers: { "Content-Length": "0" } })],
    ["a null body", () => new Response(null, { status: 401 })],
  ])('a failure with %s throws ApiError with text ""', async (_, reply) => {
    // openapi-fetch reports these with `error` undefined or "": unwrap must go by the status.
    const result = await getProject(clientWith(reply()));
    expect([undefined, ""]).toContain(result.error as unknown);
    const error = thrownBy(() => unwrap(result));
    expect(error.status).toBe(result.response.status);
    expect(error.text).toBe("");
    expect(error.problem).toBeUndefined();
    expect(error.message).toMatch(/failed with status \d+ and an empty body$/);
  });

  it("204 after PATCH and DELETE: unwrap returns undefined", async () => {
    const client = clientWith(status(204));
    const patched = await client.PATCH("/projects/{project_id}.json", { params: { path: { project_id: 1 } }, body: { name: "N" } });
    expect(unwrap(patched)).toBeUndefined();
    const deleted = await client.DELETE("/projects/{project_id}/users/{user_id}.json", { params: { path: { project_id: 1, user_id: 2 } } });
    expect(unwrap(deleted)).toBeUndefined();
  });

  it("200 with an empty body: undefined, not a JSON parse error", async () => {
    expect(unwrap(await getProject(clientWith(new Response("", { status: 200 }))))).toBeUndefined();
    const zeroLength = new Response("", { status: 200, headers: { "Content-Length": "0", "Content-Type": "application/json" } });
    expect(unwrap(await getProject(clientWith(zeroLength)))).toBeUndefined();
  });

  it("2xx data passes through unchanged", async () => {
    const project = { id: 48213, title: "Spring" };
    expect(unwrap(await getProject(clientWith(json(project))))).toEqual(project);
  });
});

describe("the operation", () => {
  it("names method and schema path, not the filled-in URL", async () => {
    const client = clientWith(problem(409, "Conflict"));
    const result = await client.DELETE("/projects/{project_id}/users/{user_id}.json", { params: { path: { project_id: 9, user_id: 3 } } });
    expect(thrownBy(() => unwrap(result)).operation).toBe("DELETE /projects/{project_id}/users/{user_id}.json");
  });

  it("names it for client.request() too", async () => {
    const client = clientWith(problem(404, "Not Found"));
    const result = await client.request("get", "/groups/{group_id}.json", { params: { path: { group_id: 2 } } });
    expect(thrownBy(() => unwrap(result)).operation).toBe("GET /groups/{group_id}.json");
  });

  it("falls back to the URL path for a client this package did not create", async () => {
    // A Response built by hand has no URL; give it the one a real fetch would have.
    const withUrl = async (request: Request) => {
      const response = problem(404, "Not Found");
      Object.defineProperty(response, "url", { value: request.url });
      return response;
    };
    const foreign = createFetchClient<paths>({ baseUrl: BASE_URL, fetch: withUrl });
    const result = await foreign.GET("/groups/{group_id}.json", { params: { path: { group_id: 2 } } });
    expect(thrownBy(() => unwrap(result)).operation).toBe("/public/api/groups/2.json");
  });
});

describe("messages", () => {
  it("an ApiError with a problem without detail names its title only", () => {
    const error = new ApiError({
      status: 409,
      operation: "DELETE /x",
      problem: { title: "Conflict", status: 409 },
      response: new Response(),
    });
    expect(error.message).toBe("DELETE /x failed with status 409: Conflict");
    expect(error.name).toBe("ApiError");
  });

  it("quotes only string titles and details", () => {
    const error = new ApiError({
      status: 400,
      operation: "POST /x",
      problem: { title: 42, detail: { nested: true }, status: 400 } as unknown as { title: string; status: number },
      response: new Response(),
    });
    expect(error.message).toBe("POST /x failed with status 400: (no title)");
  });

  it("an ApiError with an empty body says so", () => {
    expect(new ApiError({ status: 502, operation: "GET /x", text: "", response: new Response() }).message).toBe(
      "GET /x failed with status 502 and an empty body",
    );
  });
});

describe("failure bodies", () => {
  it.each([
    ["null", null],
    ["a number", 42],
    ["an array", [1, 2]],
  ])("JSON that is %s is kept as text", (_, body) => {
    const error = toApiError(body, new Response(null, { status: 500 }));
    expect(error.text).toBe(JSON.stringify(body));
    expect(error.problem).toBeUndefined();
  });

  it("a response from another client: its URL path names the operation, or 'unknown operation' without one", () => {
    expect(toApiError("down", new Response(null, { status: 503 })).operation).toBe("unknown operation");
    expect(toApiError("down", new Response(null, { status: 503 })).text).toBe("down");
  });

  it("createClient refuses a key or a base URL that is not a string, with its own message", () => {
    expect(() => createClient({ baseUrl: BASE_URL, apiKey: undefined as unknown as string })).toThrow(
      new TypeError("createClient: apiKey must be a non-empty string"),
    );
    expect(() => createClient({ baseUrl: undefined as unknown as string, apiKey: "k" })).toThrow(
      new TypeError("createClient: baseUrl must be a non-empty string"),
    );
  });

  it("unwrap of a failure from another client still throws ApiError", () => {
    const response = new Response(null, { status: 500 });
    expect(() => unwrap({ response })).toThrow(ApiError);
  });
});
