// The grammars the checker reads headers and timestamps by, so that every form the RFCs make equivalent
// is read as the same thing (and the variants a faithful server may send are generated from the same rules):
//   - RFC 9110 §8.3.1 media types: type "/" subtype *( OWS ";" OWS [ parameter ] ), type, subtype and
//     parameter names case-insensitive, a value a token or a quoted-string (§5.6.4, `\` escapes);
//     a charset's value case-insensitive too (§8.3.2);
//   - §8.4.1 content codings: a list of case-insensitive tokens (§5.6.1: empty elements and OWS allowed);
//   - §11.6.1 WWW-Authenticate: one or more challenges, each an auth-scheme (case-insensitive);
//   - RFC 3339 §5.6 timestamps as the interface writes them ("an ISO 8601 timestamp with a UTC offset"):
//     `T` and `Z` in either case, any fraction of a second, any offset.

/** RFC 9110 §5.6.2 tchar. */
const TCHAR = "!#$%&'*+.^_`|~0-9A-Za-z-";
const TOKEN = new RegExp(`^[${TCHAR}]+`);

export interface MediaType {
  /** Lower case. */
  type: string;
  subtype: string;
  /** Names in lower case; values unquoted (a charset's in lower case). */
  parameters: Map<string, string>;
}

/** A Content-Type (or one media range) read by its grammar; undefined when it is not one. */
export function parseMediaType(value: string | null | undefined): MediaType | undefined {
  if (typeof value !== "string") return undefined;
  let rest = value.replace(/^[ \t]+/, "");
  const take = (pattern: RegExp): string | undefined => {
    const match = pattern.exec(rest);
    if (!match) return undefined;
    rest = rest.slice(match[0].length);
    return match[0];
  };
  const type = take(TOKEN);
  if (!type || !take(/^\//)) return undefined;
  const subtype = take(TOKEN);
  if (!subtype) return undefined;
  const parameters = new Map<string, string>();
  for (;;) {
    take(/^[ \t]*/);
    if (rest === "") break;
    if (!take(/^;/)) return undefined;
    take(/^[ \t]*/);
    if (rest === "" || rest.startsWith(";")) continue; // an empty parameter is allowed
    const name = take(TOKEN);
    if (!name || !take(/^=/)) return undefined;
    let parameter = take(TOKEN);
    if (parameter === undefined) {
      const quoted = take(/^"((?:[^"\\]|\\.)*)"/);
      if (quoted === undefined) return undefined;
      parameter = quoted.slice(1, -1).replace(/\\(.)/g, "$1");
    }
    const lower = name.toLowerCase();
    if (!parameters.has(lower)) parameters.set(lower, lower === "charset" ? parameter.toLowerCase() : parameter);
  }
  return { type: type.toLowerCase(), subtype: subtype.toLowerCase(), parameters };
}

/** "type/subtype" in lower case, or undefined when `value` is not a media type. */
export function mediaTypeName(value: string | null | undefined): string | undefined {
  const parsed = parseMediaType(value);
  return parsed && `${parsed.type}/${parsed.subtype}`;
}

/** JSON by its media type: application/json or application/…+json (RFC 6839), any parameters, any case. */
export function isJsonMediaType(value: string | null | undefined): boolean {
  const parsed = parseMediaType(value);
  return parsed?.type === "application" && (parsed.subtype === "json" || parsed.subtype.endsWith("+json"));
}

/** application/problem+json (RFC 9457), any parameters, any case. */
export function isProblemJson(value: string | null | undefined): boolean {
  return mediaTypeName(value) === "application/problem+json";
}

/** The content codings a Content-Encoding names, in order, lower case ("identity" and empty elements dropped). */
export function contentCodings(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
}

/** The auth-schemes of a WWW-Authenticate value, lower case: each challenge's first token (an element
 * `name=value` is a parameter of the challenge before it, not a challenge). */
export function authSchemes(value: string | null | undefined): string[] {
  const elements = (value ?? "").match(/(?:[^,"]|"(?:[^"\\]|\\.)*")+/g) ?? [];
  const schemes: string[] = [];
  for (const element of elements) {
    const trimmed = element.trim();
    const scheme = TOKEN.exec(trimmed)?.[0];
    if (scheme && !/^[ \t]*=/.test(trimmed.slice(scheme.length))) schemes.push(scheme.toLowerCase());
  }
  return schemes;
}

/** `value` as JSON in a form RFC 8259 makes the same as JSON.stringify's: white space of every kind
 * between tokens, and every UTF-16 unit of every string (names too) escaped as \uXXXX. */
export function jsonWrittenOtherwise(value: unknown): string {
  if (typeof value === "string")
    return `"${[...value.split("")].map((unit) => `\\u${unit.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`).join("")}"`;
  if (Array.isArray(value)) return `[ ${value.map(jsonWrittenOtherwise).join(" ,\n ")} ]`;
  if (value && typeof value === "object")
    return `{\r\n\t${Object.entries(value)
      .map(([name, member]) => `${jsonWrittenOtherwise(name)} :\t${jsonWrittenOtherwise(member)}`)
      .join(" ,\n\t")}\n}`;
  return JSON.stringify(value) ?? "null";
}

/** A timestamp as the interface writes them: ISO 8601 with a UTC offset (RFC 3339's profile of it, and
 * the basic forms of the offset: `+0530`, `+05`), `T`/`Z` in either case, a fraction by `.` or `,`. */
export const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;

/** The instant a timestamp names, in ms since the epoch; NaN when it is not one (or names no real time). */
export function instant(value: unknown): number {
  if (typeof value !== "string") return Number.NaN;
  const m = TIMESTAMP.exec(value);
  if (!m) return Number.NaN;
  const [, year, month, day, hour, minute, second = "0", fraction = "", , sign, offsetHours = "0", offsetMinutes = "0"] = m;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60 || Number(offsetHours) > 23 || Number(offsetMinutes) > 59)
    return Number.NaN;
  const utc = Date.UTC(y, mo - 1, d, h, mi, Math.min(s, 59));
  if (new Date(utc).getUTCDate() !== d) return Number.NaN; // 31 April, 30 February
  const offset = (sign === "-" ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  return utc + Number(`0.${fraction || "0"}`) * 1000 - (sign ? offset : 0);
}
