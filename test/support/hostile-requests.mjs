// Generated hostile requests (fast-check), for the servers that put Prism behind the guard: names and
// values made of what breaks servers — DEL, characters above Latin-1 and above the BMP, lone surrogates,
// controls, quotes, `%` and malformed percent-escapes, very long runs — in every place a request carries
// text: a body's property names (top level and nested) and values, query names and values, header
// values, path segments and the Content-Type. Every request is one the description forbids (a 4xx is
// the only right answer), so a 5xx, a dropped connection or a restarted Prism is a finding. Sent as raw
// bytes over a socket: no client library stands between the generator and the server.
// Plain JavaScript, so that `npm run soak:servers` (bench/server-soak.mjs) runs the same generator at
// scale; test/faults/hostile-requests.test.ts runs a bounded number in `npm test`.
import { connect } from "node:net";
import fc from "fast-check";

const ADMIN = `Basic ${Buffer.from("sandbox-admin-key:").toString("base64")}`;
/** The characters that broke, or could break, a server that copies request text into a header. */
const SPECIAL = ["\u007f", "\u0080", "\u00e9", "\u00ff", "\u0100", "\u20ac", "\ud800", "\udfff", "\u{1f600}", "\u0000", "\u001f"];
const PUNCTUATION = ['"', "\\", "/", "~", "%", "?", "#", "&", "=", ";", ",", " ", "\t", "\u2028", "\ufeff"];

const oneChar = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 2, arbitrary: fc.constantFrom(...PUNCTUATION) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.constantFrom("a", "Z", "0", "_", "-") },
);

/** A hostile text: a few characters of the above, or one of them repeated a few thousand times. */
export const hostileText = fc.oneof(
  { weight: 9, arbitrary: fc.array(oneChar, { minLength: 1, maxLength: 24 }).map((chars) => chars.join("")) },
  { weight: 1, arbitrary: fc.tuple(oneChar, fc.integer({ min: 1_000, max: 6_000 })).map(([char, times]) => char.repeat(times)) },
);

/** UTF-8 percent-encoding that takes lone surrogates too (as U+FFFD), unlike encodeURIComponent. */
const percentEncoded = (text) => [...new TextEncoder().encode(text)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
/** Text for a URL: encoded, mixed with stray `%` and escapes that are not UTF-8. */
const urlText = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: hostileText.map(percentEncoded) },
      { weight: 2, arbitrary: fc.constantFrom("%", "%E0", "%ED%A0%80", "%C0%AF", "%zz", "%2", "%%", "%00", "%7F", "%FF") },
      { weight: 1, arbitrary: fc.constantFrom("a", "1", "-", ".", "..", "+") },
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(""));
/** A header value: the text's characters as Latin-1 bytes (what HTTP carries), CR and LF excepted. */
const headerText = hostileText.map((text) => text.replace(/[\r\n]/g, " "));
const jsonValue = fc.oneof(hostileText, fc.integer(), fc.constant(null), fc.array(hostileText, { maxLength: 3 }));
/** Names the description has (the request would then be about them, not about the hostile name). */
const notDescribed = (name) => !["name", "description", "job_code", "offset", "limit", "__server"].includes(name);

const request = (method, target, { headers = {}, body } = {}) => ({ method, target, headers, body });
const json = (value) => JSON.stringify(value);
const JSON_TYPE = { "content-type": "application/json" };

/** Each place of a request and a generator of requests with hostile text there. */
export const HOSTILE_PLACES = {
  "a body's property name": fc
    .tuple(hostileText.filter(notDescribed), jsonValue)
    .map(([name, value]) => request("POST", "/projects.json", { headers: JSON_TYPE, body: json({ name: "Hostile", [name]: value }) })),
  "a nested property name": fc
    .tuple(hostileText, jsonValue)
    .map(([name, value]) => request("PATCH", "/organizations.json", { headers: JSON_TYPE, body: json({ address: { [name]: value } }) })),
  // job_code of the wrong type keeps the body invalid whatever the name is.
  "a body's value": hostileText.map((value) =>
    request("POST", "/projects.json", { headers: JSON_TYPE, body: json({ name: value, job_code: 12345 }) }),
  ),
  // offset=-1 keeps the query invalid whatever the hostile part is.
  "a query value": urlText.map((value) => request("GET", `/projects.json?limit=${value}&offset=-1`)),
  "a query name": fc
    .tuple(urlText, urlText)
    .filter(([name]) => notDescribed(decoded(name)))
    .map(([name, value]) => request("GET", `/projects.json?${name}=${value}&offset=-1`)),
  "a header value": fc
    .tuple(
      fc.constantFrom("Accept", "Content-Type", "Origin", "Authorization", "Access-Control-Request-Headers", "X-Hostile", "Cookie"),
      headerText,
    )
    .map(([name, value]) => request("GET", "/projects.json?offset=-1", { headers: { [name]: value } })),
  // An id never starts with a letter: the path stays invalid (400) or unknown (404).
  "a path segment": urlText.map((segment) => request("GET", `/projects/x${segment}.json`)),
  // An empty name keeps the body invalid whatever its type is said to be.
  "a body's Content-Type": headerText.map((type) =>
    request("POST", "/projects.json", { headers: { "content-type": type }, body: json({ name: "" }) }),
  ),
};

function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The valid request a server must still answer with 200 afterwards. */
export const VALID_REQUEST = request("GET", "/groups.json");

/** The request: a rejected body whose unknown property's name holds U+20AC. */
export const EURO_NAME_REQUEST = request("POST", "/projects.json", { headers: JSON_TYPE, body: '{"name":"x","\u20ac":1}' });

/**
 * Sends `request` to `url` as raw bytes (the sandbox's admin key unless the request names an
 * Authorization) and resolves with the answer's status: 0 when the connection ended without one.
 */
export function sendRaw(url, { method, target, headers, body }, timeoutMs = 30_000) {
  const { hostname, port } = new URL(url);
  const bytes = body === undefined ? Buffer.alloc(0) : Buffer.from(body, "utf8");
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, "Connection: close"];
  if (!Object.keys(headers).some((name) => name.toLowerCase() === "authorization")) lines.push(`Authorization: ${ADMIN}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Content-Length: ${bytes.length}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(Buffer.concat([head, bytes])));
    const chunks = [];
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      const answer = Buffer.concat(chunks).toString("utf8");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1] ?? 0), answer });
    });
  });
}
