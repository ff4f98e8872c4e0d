// The pace of the in-process sandbox (issue 49): the pace protects a server, and the built-in sandbox
// is none, so `--target sandbox` is unpaced by default; an explicit --rate still applies. Each run is
// cut to the discovery of ids by an --only that names no check. The closing lines of whole runs:
// test/conformance-levels/closing-lines.test.ts.
import { describe, expect, it } from "vitest";
import { main } from "../../contract/src/index.js";

const run = async (argv: string[]) => {
  const out: string[] = [];
  const { run } = await main([...argv, "--only", "no-such-check"], {}, { out: (text) => out.push(text), err: () => {} });
  // The first text printed: what is checked, with its limits (on a line of their own past 160 columns).
  return { limits: run?.limits, first: out[0] ?? "" };
};

describe("the pace of the in-process sandbox", () => {
  it("is none by default, and the first line says so", async () => {
    const { limits, first } = await run(["--target", "sandbox"]);
    expect(limits?.rate).toBe(Number.POSITIVE_INFINITY);
    expect(first).toMatch(/(?:; |\n {2}limits: )unpaced, 4 at once/);
  });

  it("is --rate when given", async () => {
    const { limits, first } = await run(["--target", "sandbox", "--rate", "7"]);
    expect(limits?.rate).toBe(7);
    expect(first).toMatch(/(?:; |\n {2}limits: )at most 7 requests\/s, 4 at once/);
  });

  it("stays the default for a sandbox at a URL: a server, maybe shared", async () => {
    // Nothing listens there: the run stops at its first request, after its first line.
    const out: string[] = [];
    await main(
      ["--target", "sandbox", "--base-url", "http://127.0.0.1:9/public/api", "--timeout", "1"],
      {},
      {
        out: (text) => out.push(text),
        err: () => {},
      },
    );
    expect(out[0]).toMatch(/(?:; |\n {2}limits: )at most 25 requests\/s/);
  });
});
