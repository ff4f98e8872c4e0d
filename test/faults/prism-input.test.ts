// What the guard lets reach Prism (scripts/servers/prism-input.mjs), case by case: each member of the
// class of requests that used to end Prism's process, and what is done with it instead. The same class,
// generated, is sent to the run's mock in test/faults/hostile-requests.test.ts.
import { describe, expect, it } from "vitest";
import { forPrism } from "../../scripts/servers/prism-input.mjs";
import { deref, operations, type Json } from "../support/openapi.js";

const JSON_HEADERS = { "content-type": "application/json" };
const body = (text: string) => Buffer.from(text, "utf8");
const none = Buffer.alloc(0);

describe("request text Prism would put into a header: a property name no request body has", () => {
  it("a name holding DEL or a character above U+00FF, at any depth: 400 naming each, with its JSON Pointer", () => {
    // A lone surrogate is refused too (JSON.stringify would escape it: refusing it is simpler than exact).
    for (const name of ["€", "\u007f", "\u{1f600}", "a\u0100b", "\ud800"]) {
      const prepared = forPrism("/projects.json", JSON_HEADERS, body(JSON.stringify({ name: "x", [name]: 1 })));
      expect(prepared.refused?.[0], JSON.stringify(name)).toBe(400);
      expect(prepared.refused?.[2]).toEqual([{ pointer: `/${name}`, detail: "is not a property this request accepts" }]);
    }
    const nested = forPrism("/organizations.json", JSON_HEADERS, body('{"address":{"a/€":1},"list":[{"~€":2}]}'));
    expect(nested.refused?.[2]?.map((e) => e.pointer).sort()).toEqual(["/address/a~1€", "/list/0/~0€"]);
    expect(nested.refused?.[1]).toMatch(
      /^The request is invalid: \/\S+ is not a property this request accepts \(and 1 more: see errors\)\.$/,
    );
  });

  it("whatever the Content-Type: Prism reads some types as JSON that are not spelled application/json", () => {
    expect(forPrism("/projects.json", { "content-type": "application/x!+json" }, body('{"€":1}')).refused?.[0]).toBe(400);
    expect(forPrism("/projects.json", {}, body('{"€":1}')).refused?.[0]).toBe(400);
  });

  it("names Prism can carry (Latin-1, controls it escapes, long ones it cuts) and values of any kind pass", () => {
    for (const name of ["é", "\u00ff", "\u0001\n", "x".repeat(20_000)]) {
      expect(forPrism("/projects.json", JSON_HEADERS, body(JSON.stringify({ name: "x", [name]: 1 }))).refused, JSON.stringify(name)).toBe(
        undefined,
      );
    }
    expect(forPrism("/projects.json", JSON_HEADERS, body('{"name":"€\u007f\u{1f600}"}')).refused).toBe(undefined);
  });

  it("no request body of the description has such a name, nor admits names it does not list (so the 400 is right)", () => {
    const seen = new Set<Json>();
    const objects: Array<[string, Json]> = [];
    const walk = (schema: Json, at: string): void => {
      if (!schema || typeof schema !== "object") return;
      const s = deref(schema);
      if (seen.has(s)) return;
      seen.add(s);
      if (s.type === "object" || s.properties) objects.push([at, s]);
      for (const [name, child] of Object.entries<Json>(s.properties ?? {})) walk(child, `${at}/${name}`);
      for (const child of [s.items, ...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])]) walk(child, at);
    };
    for (const { operationId, operation } of operations())
      for (const media of Object.values<Json>(deref(operation.requestBody ?? {}).content ?? {})) walk(media.schema, operationId);
    expect(objects.length).toBeGreaterThanOrEqual(6);
    for (const [at, schema] of objects) {
      expect(schema.additionalProperties, at).toBe(false);
      expect(schema.patternProperties, at).toBe(undefined);
      for (const name of Object.keys(schema.properties ?? {})) expect(name, at).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});

describe("a path Prism's parameter matcher would fail to decode", () => {
  it("a malformed escape stands for itself (as the sandbox reads it); good escapes and the query are untouched", () => {
    const cases: Array<[string, string]> = [
      ["/projects/%E0.json", "/projects/%25E0.json"],
      ["/projects/1%.json", "/projects/1%25.json"],
      ["/projects/%ED%A0%80.json", "/projects/%25ED%25A0%2580.json"],
      ["/projects/1/users/%zz.json?limit=%E0", "/projects/1/users/%25zz.json?limit=%E0"],
      ["/projects/%E2%82%AC.json", "/projects/%E2%82%AC.json"],
      ["/groups.json", "/groups.json"],
    ];
    for (const [sent, passed] of cases) expect(forPrism(sent, {}, none)).toMatchObject({ url: passed });
  });

  it("a target that is no URL at all: 400; an absolute or asterisk target passes (Prism answers 404)", () => {
    expect(forPrism("//[", {}, none).refused?.[0]).toBe(400);
    expect(forPrism("http://elsewhere.example/%E0", {}, none)).toMatchObject({ url: "http://elsewhere.example/%E0" });
    expect(forPrism("*", {}, none)).toMatchObject({ url: "*" });
  });

  it("`__server`, Prism's own switch, is removed: unknown query parameters are ignored", () => {
    expect(forPrism("/projects.json?limit=2&__server=x&%5F%5Fserver=y&offset=1", {}, none)).toMatchObject({
      url: "/projects.json?limit=2&offset=1",
    });
    expect(forPrism("/projects.json?__server=x", {}, none)).toMatchObject({ url: "/projects.json" });
  });
});

describe("headers Prism parses with parsers that throw", () => {
  const headersFor = (headers: Record<string, string>, sent = none) => {
    const prepared = forPrism("/projects.json", headers, sent);
    if (prepared.refused) throw new Error(`refused: ${prepared.refused[1]}`);
    return prepared.headers;
  };

  it("an Accept with a range that is not a media range is disregarded; a good one is kept as sent", () => {
    for (const accept of ["foo", "text/html;", "text/html;a=", "text/html,", "application/json, foo", 'text/html;a="x,y"', "€/x"])
      expect(headersFor({ accept }).accept, accept).toBe(undefined);
    for (const accept of ["application/json", "*/*", "text/html;q=0.9, application/*;q=0.8", 'application/json; v="1.0"'])
      expect(headersFor({ accept }).accept, accept).toBe(accept);
  });

  it("a JSON body whose Content-Type has malformed parameters or another charset: passed as application/json", () => {
    for (const type of ["application/json;;", "application/json; x", "application/json; charset=latin1", "Application/Problem+JSON; a"])
      expect(headersFor({ "content-type": type }, body('{"name":"x"}'))["content-type"], type).toBe(type.split(";")[0]!.toLowerCase());
    for (const type of ["application/json", "application/json; charset=UTF-8", "text/plain"])
      expect(headersFor({ "content-type": type }, body('{"name":"x"}'))["content-type"], type).toBe(type);
  });

  it("a body of any other type with a Content-Type that is no media type, or names another charset: the sandbox's 400", () => {
    for (const type of ["foo", "application/\xe9", "text/plain; charset=foo", "text/plain;;"]) {
      expect(forPrism("/projects.json", { "content-type": type }, body("x")).refused).toEqual([
        400,
        `The request is invalid: the body must be sent as application/json, not ${type}.`,
      ]);
    }
  });

  it("without a body, a Content-Type that is no media type describes nothing: dropped (Prism's validator parses it even then)", () => {
    for (const type of ["foo", "?a", "_\t", "0\xe9", "text/plain;;"])
      expect(headersFor({ "content-type": type })["content-type"], type).toBe(undefined);
    expect(headersFor({ "content-type": "text/plain; charset=utf-8" })["content-type"]).toBe("text/plain; charset=utf-8");
  });
});
