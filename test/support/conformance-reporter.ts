// A vitest reporter for checking a server: after the run, the two counts a reader needs, kept apart —
// documented facts (a failure is a defect of the server, or of the documentation) and the description's
// assumptions (a failure means the server made another choice where the documentation is silent; it is
// named by its entry of the root's `x-assumptions`). `npm run test:contract` uses it beside the default
// reporter.
import type { Reporter, TestCase } from "vitest/node";
import { entriesOfTestName } from "./conformance.js";

interface Count {
  passed: number;
  failed: number;
  skipped: number;
}

export default class ConformanceReporter implements Reporter {
  private readonly documented: Count = { passed: 0, failed: 0, skipped: 0 };
  private readonly assumed: Count = { passed: 0, failed: 0, skipped: 0 };
  private readonly failedEntries = new Map<string, number>();

  onTestCaseResult(test: TestCase): void {
    const entries = entriesOfTestName(test.fullName);
    const count = entries ? this.assumed : this.documented;
    const state = test.result().state;
    if (state === "passed") count.passed++;
    else if (state === "failed") {
      count.failed++;
      for (const entry of entries ?? []) this.failedEntries.set(entry, (this.failedEntries.get(entry) ?? 0) + 1);
    } else count.skipped++;
  }

  onTestRunEnd(): void {
    const line = (what: string, c: Count) => `${what}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ""}`;
    const level = process.env.PCS_CONFORMANCE?.trim() || "full";
    console.log("\nConformance (PCS_CONFORMANCE=" + level + ")");
    console.log("  " + line("documented facts", this.documented));
    if (level === "documented") console.log("  assumptions: not checked at this level");
    else {
      console.log("  " + line("assumptions", this.assumed));
      const failed = [...this.failedEntries].sort((a, b) => b[1] - a[1]).map(([entry, n]) => `${entry} ×${n}`);
      if (failed.length) console.log(`  assumptions the server does not follow: ${failed.join(", ")}`);
    }
  }
}
