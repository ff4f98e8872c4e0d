// `npm run sandbox` as a user runs it: one command starts the sandbox behind Prism's validating proxy
// on the port given, the sandbox guide's curl session works against it as written (only the port swapped),
// hostile bodies that used to kill Prism are refused, a Prism killed anyway is restarted, and Ctrl-C
// (SIGINT) stops both processes. One Prism start for the whole file. Also: the guide's
// vitest example is test/sandbox/readme-example.test.ts, which npm test runs.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/servers/sandbox-server.mjs";
import { repoRoot } from "../support/openapi.js";
import { run, type Server, startServer } from "../support/run.js";

const README_SANDBOX = "http://127.0.0.1:4011";
const readme = readFileSync(`${repoRoot}docs/guides/mock-and-sandbox.md`, "utf8");
const section = readme.slice(readme.indexOf("\n### Over HTTP: `npm run sandbox`"), readme.indexOf("\n### In process, in your own tests"));
const curlLines = section.split("\n").filter((line) => line.startsWith("curl ") && line.includes(README_SANDBOX));

let cli: Server;
let url = "";
const printed = () => cli.printed();

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // The command of `npm run sandbox`, on a free port (npm itself only adds its start-up time).
  expect(JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8")).scripts.sandbox).toBe("node scripts/servers/sandbox.mjs");
  cli = await startServer(process.execPath, ["scripts/servers/sandbox.mjs", "-p", String(port), "-v", "error"], {
    ready: /Ctrl-C to stop\./,
  });
});

afterAll(async () => {
  await cli?.stop("SIGKILL");
});

/** Runs a README curl line against this run's sandbox; returns the status and the body. */
function curl(line: string): { status: number; body: string } {
  const output = execFileSync(
    "bash",
    ["-c", `${line.replace(README_SANDBOX, url)} --silent --show-error --max-time 20 --write-out '\\n%{http_code}'`],
    { encoding: "utf8", timeout: 30_000 },
  );
  const cut = output.lastIndexOf("\n");
  return { status: Number(output.slice(cut + 1)), body: output.slice(0, cut) };
}

describe("npm run sandbox", () => {
  it("says where it listens (the port users connect to, no internal one), and that answers are checked by Prism's proxy", () => {
    expect(printed()).toContain(`sandbox on ${url}`);
    expect(printed()).toContain("Prism's validating proxy in front of the sandbox");
    expect([...printed().matchAll(/http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) => `http://127.0.0.1:${m[1]}`).filter((u) => u !== url)).toEqual(
      [],
    );
  });

  it("a 4,500-deep JSON body (9 KB) is refused with a 400 problem and the sandbox keeps answering", async () => {
    const body = `{"name":${"[".repeat(4_500)}${"]".repeat(4_500)}}`;
    const refused = await fetch(`${url}/projects.json`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa("sandbox-admin-key:")}`, "content-type": "application/json" },
      body,
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    await new Promise((resolve) => setTimeout(resolve, 200)); // Prism used to die just after answering
    expect((await fetch(`${url}/groups.json`, { headers: { authorization: `Basic ${btoa("sandbox-admin-key:")}` } })).status).toBe(200);
    expect(printed()).not.toMatch(/Prism exited/);
  });

  it("the sandbox guide's curl session: create, list, delete, gone, bad input", () => {
    expect(curlLines).toHaveLength(5);
    const [create, list, remove, read, bad] = curlLines.map(curl);
    expect(create!.status).toBe(201);
    expect(JSON.parse(create!.body)).toMatchObject({ id: 48378, title: "Sandbox demo", ownership: "internal" });
    expect(list!.status).toBe(200);
    expect(JSON.parse(list!.body).map((p: { id: number }) => p.id)).toEqual([48378]); // offset 2: after the two seeded projects
    expect(remove).toEqual({ status: 204, body: "" });
    expect(read!.status).toBe(404);
    expect(bad!.status).toBe(400);
    expect(JSON.parse(bad!.body).errors).toEqual([{ pointer: "limit", detail: "must be integer" }]);
  });

  it("credentials are the sandbox's to check: a malformed Basic token gets its 401, challenge included", async () => {
    // Prism's own credential check would answer first, without the challenge (see scripts/servers/sandbox-server.mjs).
    const response = await fetch(`${url}/groups.json`, { headers: { authorization: "Basic !!!" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Basic realm="Project Collaboration Service"');
    expect(await response.json()).toMatchObject({ type: "about:blank", title: "Unauthorized" });
  });

  it("web pages: another site is refused, a page of this machine is answered (preflight included)", async () => {
    const admin = { authorization: `Basic ${btoa("sandbox-admin-key:")}` };
    const evil = await fetch(`${url}/projects.json`, { headers: { ...admin, origin: "https://evil.example" } });
    expect(evil.status).toBe(403);
    expect(evil.headers.get("access-control-allow-origin")).toBe(null);
    const evilPreflight = await fetch(`${url}/projects/48213.json`, {
      method: "OPTIONS",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "PATCH",
        "access-control-request-headers": "authorization",
      },
    });
    expect(evilPreflight.headers.get("access-control-allow-origin")).toBe(null);
    for (const origin of ["http://localhost:5173", "http://127.0.0.1:4173"]) {
      const preflight = await fetch(`${url}/projects/48213.json`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "PATCH", "access-control-request-headers": "authorization, content-type" },
      });
      expect([preflight.status, preflight.headers.get("access-control-allow-origin")]).toEqual([204, origin]);
      expect(preflight.headers.get("access-control-allow-headers")).toMatch(/authorization/);
      const read = await fetch(`${url}/projects.json`, { headers: { ...admin, origin } });
      expect([read.status, read.headers.get("access-control-allow-origin"), read.headers.get("access-control-allow-credentials")]).toEqual([
        200,
        origin,
        null,
      ]);
    }
  });

  it("issue 42: answers requests addressed to this machine only, although Prism drops Host before the sandbox; Origin: null refused", async () => {
    const port = new URL(url).port;
    const admin = { authorization: `Basic ${btoa("sandbox-admin-key:")}` };
    const get = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          { hostname: "127.0.0.1", port, path: "/projects.json", headers: { ...headers, ...admin } },
          (response) => {
            let body = "";
            response.setEncoding("utf8").on("data", (chunk) => (body += chunk));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on("error", reject).end();
      });
    for (const host of ["attacker.example", "localhost.attacker.example", "127.0.0.1.nip.io", `attacker.example:${port}`]) {
      const answer = await get({ host });
      expect(answer.status, host).toBe(403);
      expect(JSON.parse(answer.body).detail).toMatch(/addressed to this machine only/);
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) expect((await get({ host })).status, host).toBe(200);
    const fromNowhere = await get({ host: `localhost:${port}`, origin: "null" });
    expect(fromNowhere.status).toBe(403);
    expect(JSON.parse(fromNowhere.body).detail).toMatch(/--allow-null-origin/);
  });

  it("only the test control's own paths reach the sandbox past Prism", async () => {
    // Not a control path: Prism answers (a path the description does not have), the sandbox never sees it.
    const response = await fetch(`${url}/_sandbox/projects.json`, { headers: { authorization: `Basic ${btoa("sandbox-admin-key:")}` } });
    expect(response.status).not.toBe(200);
  });

  it("tests in other processes reset it and read its emails, with the control token it printed", async () => {
    const token = /Authorization: Bearer ([0-9a-f]+)/.exec(printed())![1]!;
    const control = { authorization: `Bearer ${token}` };
    const admin = { authorization: `Basic ${btoa("sandbox-admin-key:")}`, "content-type": "application/json" };
    await fetch(`${url}/projects/48213/users.json`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify({ email: "new.person@elsewhere.example" }),
    });
    expect(await (await fetch(`${url}/_sandbox/sent-emails`, { headers: control })).json()).toEqual([
      { to: "new.person@elsewhere.example", projectId: 48213 },
    ]);
    expect((await fetch(`${url}/_sandbox/reset`, { method: "POST" })).status).toBe(401); // no token
    expect(
      (await fetch(`${url}/_sandbox/reset`, { method: "POST", headers: { ...control, origin: "https://elsewhere.example" } })).status,
    ).toBe(403);
    expect((await fetch(`${url}/_sandbox/reset`, { method: "POST", headers: control })).status).toBe(204);
    expect(await (await fetch(`${url}/_sandbox/sent-emails`, { headers: control })).json()).toEqual([]);
  });

  it("16 KB bodies of every hostile shape, as JSON and as text: answered, Prism still there", async () => {
    const shapes = [
      `{"name":${"[".repeat(8_000)}${"]".repeat(8_000)}}`,
      `${'{"a":'.repeat(2_000)}1${"}".repeat(2_000)}`,
      "[".repeat(16_000),
      JSON.stringify({ name: "x".repeat(16_000) }),
      JSON.stringify(Object.fromEntries(Array.from({ length: 1_500 }, (_, i) => [`k${i}`, i]))),
      JSON.stringify({ name: '\\"[{'.repeat(3_000) }),
    ];
    for (const body of shapes) {
      for (const type of ["application/json", "text/plain"]) {
        const answer = await fetch(`${url}/projects.json`, {
          method: "POST",
          headers: { authorization: `Basic ${btoa("sandbox-admin-key:")}`, "content-type": type },
          body,
        });
        expect(answer.status).toBe(400);
        expect(answer.headers.get("content-type")).toBe("application/problem+json");
      }
    }
    expect(printed()).not.toMatch(/Prism exited/);
  });

  it("a method the path does not have: Prism's 405, with the Allow header RFC 9110 requires", async () => {
    const answer = await fetch(`${url}/projects.json`, {
      method: "PUT",
      headers: { authorization: `Basic ${btoa("sandbox-admin-key:")}` },
    });
    expect([answer.status, answer.headers.get("allow")]).toEqual([405, "GET, POST"]);
  });

  it("issue 59: one base URL — pcs and the checker work under /public/api; a wrong path is told where; refusals are not logged", async () => {
    const api = `${url}/public/api`;
    expect(printed()).toContain(`sandbox on ${api}`);
    const env = { ...process.env, PCS_API_KEY: "sandbox-admin-key" };
    const listed = await run(process.execPath, ["cli/bin/pcs.js", "--base-url", api, "groups", "list", "--fields", "id"], { env });
    expect([listed.status, listed.stderr]).toEqual([0, ""]);
    expect(JSON.parse(listed.stdout).length).toBeGreaterThan(0);
    const wrong = await run(process.execPath, ["cli/bin/pcs.js", "--base-url", `${url}/api`, "groups", "list"], { env });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain("answers the description's paths under /public/api as the service does");
    expect(wrong.stderr).not.toMatch(/Route not resolved/);
    const logged = printed().length;
    const checked = await run(
      process.execPath,
      ["contract/bin/pcs-contract.js", "--target", "sandbox", "--base-url", api, "--only", "getGroup"],
      {
        env,
      },
    );
    expect(checked.status, checked.output).toBe(0);
    // Probes of what the description lacks, as a checker sends them: answered 4xx, and the log stays quiet.
    const admin = { authorization: `Basic ${btoa("sandbox-admin-key:")}` };
    expect((await fetch(`${api}/no-such-path.json`, { headers: admin })).status).toBe(404);
    expect((await fetch(`${api}/groups.json`, { method: "DELETE", headers: admin })).status).toBe(405);
    await new Promise((resolve) => setTimeout(resolve, 200)); // Prism's log lines arrive after its answers
    expect(printed().slice(logged)).not.toMatch(/NO_PATH_MATCHED|NO_METHOD_MATCHED|✖/);
  });

  it("a Prism that dies is started again, with one line; the sandbox keeps its state and its port", async () => {
    const admin = { authorization: `Basic ${btoa("sandbox-admin-key:")}`, "content-type": "application/json" };
    const created = await (
      await fetch(`${url}/projects.json`, { method: "POST", headers: admin, body: JSON.stringify({ name: "Survives a restart" }) })
    ).json();
    const prism = readFileSync(`/proc/${cli.child.pid}/task/${cli.child.pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .map(Number)
      .find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("prism-cli"))!;
    process.kill(prism, "SIGKILL");
    const answer = await fetch(`${url}/projects/${created.id}.json`, { headers: admin });
    expect(answer.status).toBe(200);
    expect(printed()).toMatch(/^sandbox: Prism exited \(SIGKILL\); restarting it \(the sandbox keeps its state\)\.$/m);
    await fetch(`${url}/projects/${created.id}.json`, { method: "DELETE", headers: admin });
  });

  it("Ctrl-C (SIGINT) stops the sandbox and Prism: exit code 0, the port is closed", async () => {
    cli.child.kill("SIGINT");
    expect(await cli.exited).toBe(0);
    // What it refused by design is counted, not logged one by one, and the count said as it stops.
    expect(printed()).toMatch(
      /^sandbox: answered \d+ requests: [1-9]\d* refused by design \(4xx: bad input, unknown paths, a checker's probes\), \d+ failed/m,
    );
    await expect(fetch(`${url}/groups.json`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
  });
});

it("the sandbox guide's vitest example is test/sandbox/readme-example.test.ts, word for word", () => {
  const example = readme.slice(readme.indexOf("\n### In process, in your own tests"));
  const block = /```ts\n([\s\S]*?)```/.exec(example)?.[1];
  expect(block).toBe(readFileSync(`${repoRoot}test/sandbox/readme-example.test.ts`, "utf8"));
});
