// What the sandbox keeps is bounded (issue 26, item 7): a loop that creates cannot take the machine's
// memory. Past its limit a create is a 403 problem that says what to do; the emails it remembers are
// the latest; an invitation finds an account by address without regard to case.
import { describe, expect, it } from "vitest";
import { createClient, unwrap } from "../../src/index.js";
import { createSandbox, SANDBOX_LIMITS } from "../../src/sandbox/index.js";

const clientOf = (sandbox: ReturnType<typeof createSandbox>) =>
  createClient({ baseUrl: "https://sandbox.invalid/public/api", apiKey: "sandbox-admin-key", fetch: sandbox.fetch, retry: false });

describe("the sandbox's bounds", () => {
  it("has defaults that hold a realistic session and bound a runaway loop", () => {
    expect(SANDBOX_LIMITS).toEqual({ projects: 10_000, users: 10_000, sentEmails: 1_000 });
  });

  it("refuses a create past its project limit with a problem that says what to do, until reset", async () => {
    const sandbox = createSandbox({ limits: { projects: 2 } });
    const client = clientOf(sandbox);
    for (const name of ["one", "two"]) unwrap(await client.POST("/projects.json", { body: { name } }));
    const third = await client.POST("/projects.json", { body: { name: "three" } });
    expect(third.response.status).toBe(403);
    expect(third.error).toMatchObject({ status: 403, detail: expect.stringMatching(/at most 2 projects .*delete some, or reset it/) });
    sandbox.reset();
    expect((await client.POST("/projects.json", { body: { name: "after reset" } })).response.status).toBe(201);
  });

  it("refuses an invitation past its account limit, and keeps only the latest emails", async () => {
    const sandbox = createSandbox({ limits: { users: 1, sentEmails: 2 } });
    const client = clientOf(sandbox);
    const invite = (email: string) =>
      client.POST("/projects/{project_id}/users.json", { params: { path: { project_id: 48213 } }, body: { email } });
    expect((await invite("first.new@elsewhere.example")).response.status).toBe(201);
    const second = await invite("second.new@elsewhere.example");
    expect(second.response.status).toBe(403);
    expect((await invite("FIRST.NEW@elsewhere.example")).response.status).toBe(201); // the account made above, by its address in any case
    expect(sandbox.sentEmails().map((e) => e.to)).toEqual(["second.new@elsewhere.example", "FIRST.NEW@elsewhere.example"]);
  });
});
