// Every curl sample of the rendered reference runs as written: the sample's text, unchanged, is given to
// bash with PCS_BASE_URL pointing at the mock of this run (and PCS_API_KEY set, as the guide says), and
// every curl command in it must get a 2xx. The status is read through a curl configuration file
// (CURL_HOME/.curlrc) so the commands themselves stay exactly as the page shows them.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { codeSamples, renderedDefinition } from "../support/docs.js";
import { REASON_MUTATES, mockOnly, target } from "../support/target.js";

const run = promisify(execFile);
const curlSamples = codeSamples(renderedDefinition()).filter((sample) => sample.label === "curl");
const MARK = "__pcs_status__";

describe("curl samples, run as written against the mock", () => {
  const home = mkdtempSync(join(tmpdir(), "pcs-curl-"));
  // -s: no progress meter; every transfer ends with its status on a line of its own.
  writeFileSync(join(home, ".curlrc"), `silent\nshow-error\nmax-time = 20\nwrite-out = "\\n${MARK}%{http_code}\\n"\n`);
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it("there are samples to run", () => {
    expect(curlSamples.length).toBeGreaterThanOrEqual(14);
  });

  it.for(curlSamples.map((sample) => [`${sample.method.toUpperCase()} ${sample.path}`, sample] as const))(
    "%s gets a 2xx",
    async ([, sample], context) => {
      mockOnly(context, REASON_MUTATES);
      const { baseUrl } = target();
      const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CURL_HOME: home, PCS_BASE_URL: baseUrl, PCS_API_KEY: "any-key" };
      const { stdout } = await run("bash", ["-c", sample.source], { env, timeout: 30_000 });
      const statuses = [...stdout.matchAll(new RegExp(`^${MARK}(\\d{3})$`, "gm"))].map((m) => Number(m[1]));
      const commands = sample.source.match(/^curl /gm)?.length ?? 0;
      expect(statuses, stdout).toHaveLength(commands);
      for (const status of statuses) expect(status, stdout).toBeGreaterThanOrEqual(200);
      for (const status of statuses) expect(status, stdout).toBeLessThan(300);
    },
  );
});
