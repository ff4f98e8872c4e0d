// Folders of the system's temporary directory for a test's files, removed whatever the test's outcome:
// `npm test` leaves nothing behind (test/support/leaves-nothing.ts fails the run if it does).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, onTestFinished } from "vitest";

const remove = (dir: string) => rmSync(dir, { recursive: true, force: true });

/** A fresh folder for the running test, removed when it finishes (called inside a test or its hooks; in
 * tests run concurrently, vitest cannot tell which test is running: take scratchDirForFile there). */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => remove(dir));
  return dir;
}

/** A fresh folder for a whole test file, removed after its last test (called at the file's top level). */
export function scratchDirForFile(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => remove(dir));
  return dir;
}
