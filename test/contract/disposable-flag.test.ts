// --disposable: a server of the user's own declared disposable (a fresh instance in CI). Never implied:
// without the flag a user's server is not disposable and gets writes only with --allow-writes; with it,
// the first line says so. It names a server of the user's own: with --target it is refused.
import { describe, expect, it } from "vitest";
import { firstLine, targetOf } from "../../contract/src/index.js";
import { parseConfig } from "../../contract/src/command/options.js";

const env = { PCS_API_KEY: "a-key-of-the-test" };
const base = ["--base-url", "https://ci-instance.invalid/public/api"];

describe("--disposable", () => {
  it("declares the user's server disposable, with writes, and the first line says it", () => {
    const config = parseConfig([...base, "--disposable", "--invite-email", "ci@example.com"], env);
    const target = targetOf(config);
    expect(target).toMatchObject({ disposable: true, declaredDisposable: true, allowWrites: true, inviteEmail: "ci@example.com" });
    expect(firstLine(target, config.level, config.limits)).toMatch(/declared disposable \(--disposable\)/);
  });

  it("is never implied: without it the server is not disposable, read-only unless writes are allowed", () => {
    for (const argv of [base, [...base, "--allow-writes"]]) {
      const config = parseConfig(argv, env);
      const target = targetOf(config);
      expect(target.disposable).toBe(false);
      expect(target.declaredDisposable).toBeUndefined();
      expect(target.allowWrites).toBe(argv.includes("--allow-writes"));
      expect(firstLine(target, config.level, config.limits)).not.toMatch(/disposable/);
    }
  });

  it("is refused with --target (the sandbox and the mock are disposable already)", () => {
    expect(() => parseConfig(["--target", "sandbox", "--disposable"], env)).toThrow(/--disposable declares a server of your own/);
  });
});
