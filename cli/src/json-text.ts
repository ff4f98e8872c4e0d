// JSON text of what a server sent, written the way JSON.stringify writes it (same text for the same
// value, so a script piping `pcs … --format json` gets what it always got) but with a loop rather than
// recursion: the nesting is the server's to choose, and JSON.stringify overflows the stack at about
// 10,000 levels where JSON.parse reads 100,000 happily. On the way every string (property names too)
// goes through the key's redactor and is made safe for a terminal (safeJsonText: the same JSON), and a
// table cell's text stops as soon as it is long enough. Members nested deeper than MAX_INDENTED_DEPTH
// are written without line breaks: 100,000 levels indented would be gigabytes of spaces.
import { safeJsonText } from "@project-collaboration/api";

export interface JsonTextOptions {
  /** Spaces per level, as JSON.stringify's third argument (0: compact). */
  indent?: number;
  /** Applied to every string, property names included; a number, boolean or null it changes becomes that string. */
  redact?: (text: string) => string;
  /** Stop once the text is this long; the text then ends with "…" (a table cell). */
  maxLength?: number;
}

/** Deeper than any answer of this API; what lies deeper is still written, on one line. */
export const MAX_INDENTED_DEPTH = 100;

type Member = readonly [name: string | undefined, value: unknown];
interface Open {
  members: Member[];
  next: number;
  depth: number;
  close: "]" | "}";
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const unrepresentable = (value: unknown) => value === undefined || typeof value === "function" || typeof value === "symbol";

export function jsonText(
  value: unknown,
  { indent = 0, redact = (text) => text, maxLength = Number.POSITIVE_INFINITY }: JsonTextOptions = {},
): string {
  const parts: string[] = [];
  let length = 0;
  const write = (text: string) => {
    parts.push(text);
    length += text.length;
  };
  const newline = (depth: number) => (indent > 0 && depth <= MAX_INDENTED_DEPTH ? `\n${" ".repeat(indent * depth)}` : "");
  const string = (text: string) => safeJsonText(JSON.stringify(redact(text)));
  const literal = (text: string) => (redact(text) === text ? text : string(text));
  const stack: Open[] = [];

  /** Writes a value, or a container's opening (its members follow from the stack). */
  const begin = (item: unknown, depth: number) => {
    let json = item;
    if (json !== null && typeof json === "object" && typeof (json as { toJSON?: unknown }).toJSON === "function")
      json = (json as { toJSON(): unknown }).toJSON();
    if (json === null) return write(literal("null"));
    if (typeof json === "string") return write(string(json));
    if (typeof json === "number") return write(literal(Number.isFinite(json) ? String(json) : "null"));
    if (typeof json === "boolean") return write(literal(String(json)));
    if (typeof json === "bigint") throw new TypeError("Do not know how to serialize a BigInt");
    if (typeof json !== "object") return write("null"); // undefined, a function, a symbol, as an array item
    const isArray = Array.isArray(json);
    const members: Member[] = isArray
      ? (json as unknown[]).map((member) => [undefined, member] as const)
      : Object.keys(json)
          .filter((name) => !unrepresentable((json as Record<string, unknown>)[name]))
          .map((name) => [name, (json as Record<string, unknown>)[name]] as const);
    if (members.length === 0) return write(isArray ? "[]" : "{}");
    write(isArray ? "[" : "{");
    stack.push({ members, next: 0, depth: depth + 1, close: isArray ? "]" : "}" });
  };

  if (unrepresentable(value)) return "";
  begin(value, 0);
  while (stack.length > 0 && length < maxLength) {
    const open = stack.at(-1)!;
    if (open.next === open.members.length) {
      stack.pop();
      write(`${newline(open.depth - 1)}${open.close}`);
      continue;
    }
    const [name, member] = open.members[open.next++]!;
    write(`${open.next > 1 ? "," : ""}${newline(open.depth)}${name === undefined ? "" : `${string(name)}${indent > 0 ? ": " : ":"}`}`);
    begin(member, open.depth);
  }
  const text = parts.join("");
  return stack.length > 0 || text.length > maxLength ? `${text.slice(0, Math.max(0, maxLength - 1))}…` : text;
}
