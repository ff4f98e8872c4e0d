// Output for people and for programs: a table on a terminal, JSON when piped, or what --format says;
// --fields picks top-level fields (a list's items' fields).
export type Format = "table" | "json" | "jsonl";
export const FORMATS: readonly Format[] = ["table", "json", "jsonl"];

type Row = Record<string, unknown>;

export function pick(value: unknown, fields: string[] | undefined): unknown {
  if (!fields?.length) return value;
  const one = (item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item) ? Object.fromEntries(fields.map((f) => [f, (item as Row)[f]])) : item;
  return Array.isArray(value) ? value.map(one) : one(value);
}

const MAX_CELL = 40;
const shown = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  const line = text.replace(/\s+/g, " ");
  return line.length > MAX_CELL ? `${line.slice(0, MAX_CELL - 1)}…` : line;
};

/** Columns for a list: the fields asked for, else the scalar fields of its items (objects left out). */
function columnsOf(rows: Row[], fields: string[] | undefined): string[] {
  if (fields?.length) return fields;
  const all = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return all.filter((key) => rows.every((row) => row[key] === null || typeof row[key] !== "object")).slice(0, 8);
}

export function table(value: unknown, fields: string[] | undefined): string {
  if (value === undefined) return "";
  if (!Array.isArray(value)) {
    if (!value || typeof value !== "object") return String(value);
    const entries = Object.entries(value as Row).filter(([key]) => !fields?.length || fields.includes(key));
    const width = Math.max(...entries.map(([key]) => key.length));
    return entries.map(([key, v]) => `${key.padEnd(width)}  ${shown(v)}`).join("\n");
  }
  if (value.length === 0) return "(none)";
  const rows = value as Row[];
  const columns = columnsOf(rows, fields);
  const cells = rows.map((row) => columns.map((c) => shown(row[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(columns.map((c) => c.toUpperCase())), ...cells.map(line)].join("\n");
}

export function render(value: unknown, format: Format, fields: string[] | undefined): string {
  const picked = pick(value, fields);
  if (format === "table") return table(picked, fields);
  if (format === "jsonl") return (Array.isArray(picked) ? picked : [picked]).map((item) => JSON.stringify(item)).join("\n");
  return JSON.stringify(picked, null, 2);
}
