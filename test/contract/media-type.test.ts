// The grammars the checker reads headers and timestamps by (contract/src/transport/media-type.ts): every
// spelling the RFCs make equivalent reads as the same thing, and what is not the grammar is refused.
import { describe, expect, it } from "vitest";
import {
  authSchemes,
  contentCodings,
  instant,
  isJsonMediaType,
  isProblemJson,
  mediaTypeName,
  parseMediaType,
} from "../../contract/src/transport/media-type.js";

describe("media types (RFC 9110 §8.3.1)", () => {
  it("the four spellings RFC 9110 gives as equivalent read the same", () => {
    const spellings = ["text/html;charset=utf-8", 'Text/HTML;Charset="utf-8"', 'text/html; charset="utf-8"', "text/html;charset=UTF-8"];
    for (const spelling of spellings) {
      const parsed = parseMediaType(spelling)!;
      expect([parsed.type, parsed.subtype, parsed.parameters.get("charset")], spelling).toEqual(["text", "html", "utf-8"]);
    }
  });

  it("JSON in any case, with parameters, white space around `;` and quoted values", () => {
    for (const value of [
      "application/json",
      "Application/JSON;charset=UTF-8",
      "APPLICATION/JSON ; CHARSET = x".replace(" = ", "="),
      'application/json;\tcharset="utf-8" ;',
      "application/vnd.api+json",
      "application/json;;charset=utf-8",
    ])
      expect(isJsonMediaType(value), value).toBe(true);
    expect(isProblemJson("Application/Problem+JSON; charset=utf-8")).toBe(true);
    expect(mediaTypeName(' application/json ; profile="a;b\\"c"')).toBe("application/json");
    expect(parseMediaType('application/json; profile="a;b\\"c"')!.parameters.get("profile")).toBe('a;b"c');
  });

  it("what is not a media type, or not JSON, is not taken for JSON", () => {
    for (const value of [
      "",
      "json",
      "application/jsonx",
      "text/json-ish",
      "application/json garbage",
      "application /json",
      "text/plain",
      "application/problem+xml",
      null,
      undefined,
    ])
      expect(isJsonMediaType(value), String(value)).toBe(false);
    expect(isProblemJson("application/json")).toBe(false);
  });
});

describe("content codings and challenges", () => {
  it("a coding list: case, white space and empty elements carry no meaning", () => {
    expect(contentCodings("GZip")).toEqual(["gzip"]);
    expect(contentCodings(" gzip ,, BR ")).toEqual(["gzip", "br"]);
    expect(contentCodings("identity")).toEqual([]);
    expect(contentCodings(undefined)).toEqual([]);
  });

  it("WWW-Authenticate: every challenge's scheme, its parameters aside", () => {
    expect(authSchemes('Basic realm="Project Collaboration", charset="UTF-8"')).toEqual(["basic"]);
    expect(authSchemes('Bearer realm="a, b", error="x", BASIC realm="c"')).toEqual(["bearer", "basic"]);
    expect(authSchemes("")).toEqual([]);
  });
});

describe("timestamps (RFC 3339, as the interface writes them: ISO 8601 with a UTC offset)", () => {
  const noon = Date.UTC(2026, 10, 28, 12, 0, 0);
  it("every spelling of one instant names it", () => {
    for (const spelling of [
      "2026-11-28T12:00:00Z",
      "2026-11-28t12:00:00z",
      "2026-11-28T12:00:00.000+00:00",
      "2026-11-28T12:00:00,0Z",
      "2026-11-28T17:30:00+05:30",
      "2026-11-28T17:30:00+0530",
      "2026-11-28T04:00:00-08:00",
      "2026-11-28T13:00:00+01",
      "2026-11-28T12:00Z",
      "2026-11-29T00:00:00+12:00",
    ])
      expect(instant(spelling), spelling).toBe(noon);
    expect(instant("2026-11-28T12:00:00.25Z")).toBe(noon + 250);
  });

  it("what has no offset, or names no real time, names none", () => {
    for (const value of [
      "2026-11-28T12:00:00",
      "2026-11-28 12:00:00Z",
      "2026-02-30T12:00:00Z",
      "2026-11-28T25:00:00Z",
      "yesterday",
      1_700_000_000,
      null,
    ])
      expect(instant(value), String(value)).toBeNaN();
  });
});
