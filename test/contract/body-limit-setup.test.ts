// A server that answers the first request with a body over the limit was reached: the run stops saying
// what it answered (its status and that the body passed the limit), never that it is unreachable.
import { describe, expect, it } from "vitest";
import { runContract, type Target } from "../../contract/src/index.js";

describe("a first answer over the body limit", () => {
  it("stops the run naming what the server did, not calling it unreachable", async () => {
    const target: Target = {
      name: "a server answering 2 KiB",
      baseUrl: "https://large.invalid/public/api",
      apiKey: "a-key-of-the-test",
      isMock: false,
      stateful: true,
      allowWrites: false,
      checksKeys: true,
      disposable: false,
      fetch: async () => Response.json([{ id: 1, title: "x".repeat(2048) }]),
    };
    const error = await runContract({ target, level: "documented", limits: { rate: 1000, maxBodyBytes: 1024 } }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(
      /was reached, but to GET https:\/\/large\.invalid\/public\/api\/\S+ the server answered 200 with a body larger than 1024 bytes/,
    );
    expect(error?.message).not.toMatch(/unreachable/);
  });
});
