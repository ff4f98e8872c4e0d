// The flags every command takes, and the readings of them that `pcs api` shares with the commands.
import { readFileSync } from "node:fs";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";

export type Format = "table" | "json" | "jsonl";
export const FORMATS: readonly Format[] = ["table", "json", "jsonl"];

export const GLOBAL_OPTIONS = {
  "base-url": { type: "string" },
  format: { type: "string" },
  fields: { type: "string" },
  all: { type: "boolean" },
  yes: { type: "boolean", short: "y" },
  debug: { type: "boolean" },
  "dry-run": { type: "boolean" },
  body: { type: "string" },
  sandbox: { type: "boolean" },
  "sandbox-file": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** --body's value: @file, - (stdin) or JSON itself; parsed, so a mistake is refused before anything is sent. */
export async function readBody(raw: string, io: Io): Promise<unknown> {
  const text = raw === "-" ? await io.readStdin() : raw.startsWith("@") ? readBodyFile(raw.slice(1)) : raw;
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`--body is not JSON${raw.startsWith("@") ? ` (${raw.slice(1)})` : ""}`);
  }
}

function readBodyFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`--body @${path}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : "cannot be read"}`);
  }
}

export function formatOf(given: string | undefined, io: Io): Format {
  const format = (given ?? (io.isTTY ? "table" : "json")) as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be ${FORMATS.join(", ")}, not ${JSON.stringify(given)}`);
  return format;
}

export function fieldsOf(given: string | undefined): string[] | undefined {
  return given
    ?.split(",")
    .map((f) => f.trim())
    .filter(Boolean);
}
