// What of a request the guard (prism-guard.mjs) lets reach Prism, and in which form. Prism 5 ends its
// whole process on an exception thrown outside its handlers, and some request text reaches code of it
// that throws. The class: request text that Prism parses with a parser that throws, or copies into a
// response header. Each member, what Prism does with it, and what the guard does instead:
// - a body nested thousands of levels deep: Prism's request log overflows the stack → 400 here;
// - a property name of a JSON body holding a character a header cannot carry (U+007F, or above
//   U+00FF): Prism lists the properties it rejects in its `sl-violations` response header, unescaped,
//   and Node.js's setHeader throws "Invalid character in header content" → 400 here, naming it (no
//   request body of the description has such a name: test/faults/prism-input.test.ts checks it);
// - a malformed percent-escape in the path (`%E0`, `1%`, `%ED%A0%80`): Prism's path-parameter matcher
//   (uri-template-lite) calls decodeURIComponent unguarded → the escape is passed as standing for itself
//   (`%25E0`), which is how the sandbox reads it (a value that fails its schema as text);
// - an Accept header with a range that is not a media range (`foo`, `text/html;`): when no range fits,
//   Prism parses each one (content-type's parse, which throws) → the header is disregarded, as RFC 9110
//   allows and as the sandbox always does;
// - a Content-Type that is not a media type (`foo`, `application/json;;`), or names a charset Prism's
//   body reader does not know: Prism's validator parses it (whatwg-mimetype, which throws) even on a
//   request without a body, and its body reader answers 500 → without a body it is dropped (it describes
//   nothing); with one, a JSON type is passed as its bare type (the sandbox reads any JSON type alike),
//   any other is refused with the sandbox's 400;
// - a request target that is not a URL path (`//[`): Prism answers 500 → 400 here;
// - `__server`, a query parameter Prism reads as a switch of its own (404 "no server matched") →
//   removed: unknown query parameters are ignored.
import { MAX_BODY_BYTES } from "../../generated/lib/sandbox/limits.js";

export { MAX_BODY_BYTES };
/** Far deeper than any request body of the description (test/faults/server-faults.test.ts checks it),
 * far shallower than what overflows a stack. */
export const MAX_JSON_DEPTH = 64;
/** The JSON media types, as the sandbox reads them (src/sandbox/request-input.ts). */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
/** A character Node.js refuses in a header value that JSON.stringify leaves as it is (it escapes the
 * controls): DEL and everything above Latin-1 (lone surrogates too, which it would escape: simpler). */
const UNWRITABLE_IN_HEADER = /[\u007f\u0100-\uffff]/;
/** RFC 9110's media type, no more lenient than the `content-type` package Prism parses it with. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[\\x20-\\x7e\\x80-\\xff])*"';
const MEDIA_TYPE = new RegExp(`^ *${TOKEN}/${TOKEN}(?: *; *${TOKEN} *= *(?:${TOKEN}|${QUOTED}))* *$`);
const CHARSET = /; *charset *= *"?([^";]*)"?/i;
/** How many refused names a problem lists. */
const MAX_NAMED = 20;

/**
 * The request as Prism may see it: `{ url, headers }`, or `{ refused: [status, detail, errors?] }` for a
 * request the guard answers itself. `headers` is node's parsed object (not changed); `body` the whole body.
 */
export function forPrism(url, headers, body) {
  const target = targetForPrism(url);
  if (target === undefined) return { refused: [400, "The request target is not a URL path this server can read."] };
  const refused = refusal(body, headers["content-type"]);
  if (refused) return { refused };
  const sent = { ...headers };
  if (sent.accept !== undefined && !sent.accept.split(",").every((range) => MEDIA_TYPE.test(range))) delete sent.accept;
  const type = sent["content-type"];
  if (type !== undefined && !readableType(type)) {
    if (body.length === 0)
      delete sent["content-type"]; // it describes nothing
    else if (JSON_TYPE.test(type)) sent["content-type"] = type.split(";")[0].trim().toLowerCase();
    else return { refused: [400, `The request is invalid: the body must be sent as application/json, not ${type}.`] };
  }
  return { url: target, headers: sent };
}

/** The request target with every malformed escape of its path standing for itself and without
 * `__server`; undefined when it is no URL at all. */
function targetForPrism(url) {
  try {
    new URL(url, "http://example.com"); // what Prism does with it first
  } catch {
    return undefined;
  }
  if (!url.startsWith("/")) return url; // absolute-form or "*": no path parameters to decode
  const at = url.indexOf("?");
  const path = (at < 0 ? url : url.slice(0, at))
    .split("/")
    .map((segment) => (decodes(segment) ? segment : segment.replaceAll("%", "%25")))
    .join("/");
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split("&")
    .filter((pair) => [...new URLSearchParams(pair).keys()][0] !== "__server")
    .join("&");
  return query === "" ? path : `${path}?${query}`;
}

/** Whether Prism can read a Content-Type: a media type, with no charset or UTF-8. */
function readableType(type) {
  const charset = CHARSET.exec(type)?.[1]?.toLowerCase();
  return MEDIA_TYPE.test(type) && (charset === undefined || charset === "utf-8" || charset === "utf8");
}

function decodes(segment) {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/** Whether JSON text nests arrays and objects deeper than `max`, found without parsing (no recursion). */
export function nestedDeeperThan(bytes, max) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > max) return true;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return false;
}

/** Why a request body must not reach Prism (a [status, detail, errors?] triple), or undefined. */
export function refusal(body, contentType = "") {
  if (body.length > MAX_BODY_BYTES) return [413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`];
  // Any type: Prism parses some that are not spelled application/json, and the description accepts no deep body.
  if (nestedDeeperThan(body, MAX_JSON_DEPTH))
    return [400, `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`];
  if (body.length === 0) return undefined;
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return JSON_TYPE.test(contentType)
      ? [400, "The request body is not valid UTF-8.", [{ pointer: "", detail: "the body is not valid UTF-8" }]]
      : undefined;
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return JSON_TYPE.test(contentType)
      ? [400, "The request body is not valid JSON.", [{ pointer: "", detail: "the body is not valid JSON" }]]
      : undefined;
  }
  // Whatever its type: Prism reads some types as JSON that the sandbox's pattern does not name.
  const names = unwritableNames(value);
  if (names.length === 0) return undefined;
  const errors = names.map((pointer) => ({ pointer, detail: "is not a property this request accepts" }));
  const more = names.length > 1 ? ` (and ${names.length - 1} more: see errors)` : "";
  return [400, `The request is invalid: ${names[0]} is not a property this request accepts${more}.`, errors];
}

/** JSON Pointers (RFC 6901) of the property names in `value` that a header cannot carry; the first MAX_NAMED. */
function unwritableNames(value) {
  const found = [];
  const stack = [[value, ""]];
  while (stack.length > 0 && found.length < MAX_NAMED) {
    const [node, at] = stack.pop();
    if (node === null || typeof node !== "object") continue;
    for (const [key, child] of Object.entries(node)) {
      const pointer = `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (!Array.isArray(node) && UNWRITABLE_IN_HEADER.test(key)) found.push(pointer);
      else stack.push([child, pointer]);
    }
  }
  return found.slice(0, MAX_NAMED);
}
