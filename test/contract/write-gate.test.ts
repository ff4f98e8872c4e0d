// The run-wide gate between the run's writes and its steady readings (contract/src/transport/write-gate.ts):
// a steady reading waits for the writes in flight, holds back new ones until it ends, and readings run
// together.
import { describe, expect, it } from "vitest";
import { WriteGate } from "../../contract/src/transport/write-gate.js";

/** A promise and the function that resolves it. */
function later() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("the write gate", () => {
  it("a steady reading waits for the write in flight; a write waits for the reading", async () => {
    const gate = new WriteGate();
    const order: string[] = [];
    const write = later();
    const first = gate.write(async () => {
      order.push("write 1 begins");
      await write.promise;
      order.push("write 1 ends");
    });
    const read = later();
    const reading = gate.steady(async () => {
      order.push("reading begins");
      await read.promise;
      order.push("reading ends");
    });
    await tick();
    // A second write, asked while the reading waits, is held back too.
    const second = gate.write(async () => {
      order.push("write 2");
    });
    await tick();
    expect(order).toEqual(["write 1 begins"]);
    write.resolve();
    await tick();
    expect(order).toEqual(["write 1 begins", "write 1 ends", "reading begins"]);
    read.resolve();
    await Promise.all([first, reading, second]);
    expect(order).toEqual(["write 1 begins", "write 1 ends", "reading begins", "reading ends", "write 2"]);
    expect(gate.ended).toBe(2);
  });

  it("steady readings run together, and one inside another does not wait for itself", async () => {
    const gate = new WriteGate();
    const both = later();
    let inside = 0;
    const one = gate.steady(async () => {
      inside++;
      await gate.steady(async () => {});
      await both.promise;
    });
    const two = gate.steady(async () => {
      inside++;
      await both.promise;
    });
    await tick();
    expect(inside).toBe(2);
    both.resolve();
    await Promise.all([one, two]);
  });

  it("a write sent inside a steady reading is refused at once (it would wait for ever)", async () => {
    const gate = new WriteGate();
    await expect(gate.steady(() => gate.write(async () => {}))).rejects.toThrow(/inside a steady reading/);
  });

  it("a reading that fails lets the writes go", async () => {
    const gate = new WriteGate();
    await expect(gate.steady(async () => Promise.reject(new Error("no page")))).rejects.toThrow("no page");
    await expect(gate.write(async () => "sent")).resolves.toBe("sent");
  });
});
