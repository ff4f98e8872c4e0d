// How the checker writes a file the user named (--junit, --json, --har, --write-baseline): whole, to a
// new file beside it with an unpredictable name (created with O_EXCL: nothing already there, a symbolic
// link included, is ever opened), then renamed over the path. A reader never sees half a report, and a
// symbolic link at the path is replaced by the report itself: its target is never written.
import { randomBytes } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

export function replaceFile(file: string, text: string): void {
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  writeFileSync(temporary, text, { flag: "wx" });
  try {
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
