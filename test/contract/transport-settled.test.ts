// The run's clean-up begins once no request of the run is under way (Transport.settled): a check can end
// before its own requests do — three creates at once, one failing first — and a project made after the
// clean-up has looked for the run's projects would be left behind. A check's request still waiting for
// its place when the checks closed is not sent at all.
import { describe, expect, it } from "vitest";
import { ChecksClosedError, DEFAULT_LIMITS, Transport } from "../../contract/src/index.js";
import { currentCheck } from "../../contract/src/transport/transport.js";

function later() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A transport to a server in this process that answers each request once `hold` lets it, recording what it received. */
function heldTransport(hold: Promise<void>, options: { concurrency?: number; deadlineMs?: number } = {}) {
  const received: string[] = [];
  const transport = new Transport({
    ...DEFAULT_LIMITS,
    rate: 10_000,
    concurrency: options.concurrency ?? 8,
    deadline: Date.now() + (options.deadlineMs ?? 60_000),
    mayWrite: true,
    targetName: "a test server",
    redact: (text) => text,
    fetch: async (request) => {
      received.push(`${request.method} ${new URL(request.url).pathname}`);
      await hold;
      return new Response("{}", { status: 201, headers: { "content-type": "application/json" } });
    },
  });
  return { transport, received };
}

describe("the clean-up waits for the run's requests under way", () => {
  it("settled() resolves only once the last request under way has ended", async () => {
    const hold = later();
    const { transport } = heldTransport(hold.promise);
    const create = transport.fetch(new Request("https://server.invalid/projects.json", { method: "POST", body: "{}" }));
    let settled = false;
    const waiting = transport.settled().then(() => (settled = true));
    await tick();
    expect(settled, "settled while a create was under way").toBe(false);
    hold.resolve();
    await create;
    await waiting;
    expect(settled).toBe(true);
  });

  it("settled() resolves at once when nothing is under way, and at the deadline when a request never ends", async () => {
    const { transport } = heldTransport(new Promise(() => {}), { deadlineMs: 100 });
    await transport.settled();
    void transport.fetch(new Request("https://server.invalid/projects.json")).catch(() => {});
    // The request ends at the deadline (its attempt's own bound), and settled() with it; were it to wait
    // for an answer that never comes, this test would time out.
    await transport.settled();
  });

  it("a check's request still waiting for its place when the checks close is never sent", async () => {
    const hold = later();
    const { transport, received } = heldTransport(hold.promise, { concurrency: 1 });
    const store = { exchanges: [] };
    const first = currentCheck.run(store, () =>
      transport.fetch(new Request("https://server.invalid/projects.json", { method: "POST", body: "{}" })),
    );
    const second = currentCheck.run(store, () =>
      transport.fetch(new Request("https://server.invalid/projects.json", { method: "POST", body: "{}" })),
    );
    second.catch(() => {});
    await tick();
    expect(received).toEqual(["POST /projects.json"]);
    transport.closeChecks(1_000);
    hold.resolve();
    await first;
    await expect(second).rejects.toBeInstanceOf(ChecksClosedError);
    await transport.settled();
    expect(received, "what the server received").toEqual(["POST /projects.json"]);
  });
});
