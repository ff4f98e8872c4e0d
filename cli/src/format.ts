// Output for people and for programs: a table on a terminal, JSON when piped, or what --format says;
// --fields picks top-level fields (a list's items' fields). Everything here is the server's text: every
// string passes the key's redactor, and reaches the terminal (and a CI log) only through safeCiText (a
// table) or as JSON text (json-text.ts: the same JSON, controls and workflow commands escaped).
import { safeCiText } from "@project-collaboration/api";
import { jsonText } from "./json-text.js";

import type { Format } from "./options.js";

export interface RenderOptions {
  /** The key's redactor (createRedactor(credentialForms(key))). */
  redact: (text: string) => string;
  /** The terminal's width in columns: a table is fitted to it. */
  columns?: number | undefined;
}

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => typeof value === "object" && value !== null && !Array.isArray(value);

export function pick(value: unknown, fields: string[] | undefined): unknown {
  if (!fields?.length) return value;
  const one = (item: unknown) => (isRow(item) ? Object.fromEntries(fields.map((f) => [f, item[f]])) : item);
  return Array.isArray(value) ? value.map(one) : one(value);
}

/** The widest a cell is shown without a terminal to fit (on one, the terminal's width is the limit). */
const MAX_CELL = 40;
/** A column is not narrowed below this to fit the terminal; columns are left out instead. */
const MIN_CELL = 10;

/** A text cut to `width` characters, "…" marking the cut. */
function fit(text: string, width: number): string {
  const characters = [...text];
  return characters.length > width ? `${characters.slice(0, Math.max(0, width - 1)).join("")}…` : text;
}
const widthOf = (text: string) => [...text].length;
const pad = (text: string, width: number) => `${text}${" ".repeat(Math.max(0, width - widthOf(text)))}`;

/** One value on one line: scalars as text (or as JSON: `asJson`), objects as compact JSON (never more
 * than `width` of it). */
function cell(value: unknown, { redact }: RenderOptions, width = MAX_CELL, asJson = false): string {
  const text =
    asJson || (typeof value === "object" && value !== null)
      ? jsonText(value, { redact, maxLength: width })
      : value === null || value === undefined
        ? ""
        : redact(String(value)).replace(/\s+/g, " ");
  return fit(safeCiText(text), width);
}

const name = (key: string, { redact }: RenderOptions, upper = false) => safeCiText(upper ? redact(key).toUpperCase() : redact(key));

/** Columns for a list of objects: the fields asked for, else the fields that hold a scalar in every item. */
function columnsOf(rows: Row[], fields: string[] | undefined): string[] {
  if (fields?.length) return fields;
  const all = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return all.filter((key) => rows.every((row) => row[key] === null || typeof row[key] !== "object")).slice(0, 8);
}

/** Widths that fit `columns` (two spaces between columns): the widest narrowed first, down to MIN_CELL;
 * then the last columns left out. */
function fitWidths(natural: number[], columns: number | undefined): number[] {
  const widths = [...natural];
  if (!columns) return widths;
  const total = () => widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1);
  while (total() > columns) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest]! <= MIN_CELL) break;
    widths[widest]!--;
  }
  while (widths.length > 1 && total() > columns) widths.pop();
  return widths;
}

export function table(value: unknown, fields: string[] | undefined, options: RenderOptions): string {
  if (value === undefined) return "";
  if (!Array.isArray(value)) {
    if (!isRow(value)) return cell(value, options, Number.POSITIVE_INFINITY);
    const entries = Object.entries(value).filter(([key]) => !fields?.length || fields.includes(key));
    if (entries.length === 0) return "(empty)";
    const keys = entries.map(([key]) => name(key, options));
    const keyWidth = Math.min(Math.max(...keys.map(widthOf)), MAX_CELL);
    const valueWidth = options.columns ? Math.max(MIN_CELL, options.columns - keyWidth - 2) : 2 * MAX_CELL;
    return entries.map(([, v], i) => `${pad(fit(keys[i]!, keyWidth), keyWidth)}  ${cell(v, options, valueWidth)}`.trimEnd()).join("\n");
  }
  if (value.length === 0) return "(none)";
  // Items that are not all objects, or objects with no scalar field: one column of JSON, so no row is blank.
  const columns = value.every(isRow) ? columnsOf(value, fields) : [];
  const headers = columns.length ? columns.map((c) => name(c, options, true)) : ["VALUE"];
  const cap = options.columns ?? MAX_CELL;
  const cells = value.map((item) =>
    columns.length ? columns.map((c) => cell((item as Row)[c], options, cap)) : [cell(item, options, cap, true)],
  );
  const natural = headers.map((header, i) => Math.max(widthOf(header), ...cells.map((row) => widthOf(row[i]!))));
  const widths = fitWidths(natural, options.columns);
  const line = (values: string[]) =>
    widths
      .map((width, i) => pad(fit(values[i]!, width), width))
      .join("  ")
      .trimEnd();
  const left = headers.length - widths.length;
  const note =
    left > 0
      ? [
          fit(
            `(${left} more column${left > 1 ? "s" : ""} did not fit: --fields picks the ones to show)`,
            options.columns ?? Number.POSITIVE_INFINITY,
          ),
        ]
      : [];
  return [line(headers), ...cells.map(line), ...note].join("\n");
}

export function render(value: unknown, format: Format, fields: string[] | undefined, options: RenderOptions): string {
  const picked = pick(value, fields);
  if (format === "table") return table(picked, fields, options);
  if (format === "jsonl")
    return (Array.isArray(picked) ? picked : [picked]).map((item) => jsonText(item, { redact: options.redact })).join("\n");
  return jsonText(picked, { indent: 2, redact: options.redact });
}

/** One item of a JSON array written item by item (`--all` piped): the item as JSON.stringify(list, null,
 * 2) writes it inside the list, so the whole is the same text as the list written at once. */
export function arrayItemText(item: unknown, fields: string[] | undefined, { redact }: RenderOptions): string {
  return `  ${jsonText(pick(item, fields), { indent: 2, redact }).replaceAll("\n", "\n  ")}`;
}
