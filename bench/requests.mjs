// Per-request overhead: every contender sends the same requests to the same in-process server. Client
// and server share one event loop, so throughput is bounded by the CPU each request costs, and a
// client's own work (URL building, headers, wrapping, parsing) shows up directly in requests/second.
// Rounds interleave the contenders in a rotating order, so a burst of load from elsewhere on the
// machine hits every contender alike; the reported figure is the median over rounds.
import { startServer } from "./server.mjs";
import { median } from "./stats.mjs";

const settings = {
  concurrency: 8, // requests in flight per contender: enough to keep the loop busy, few enough to stay on one socket pool
  warmupRequests: 1_500, // lets the JIT settle and opens the keep-alive connections before timing
  requestsPerRound: 3_000,
  rounds: 7,
};

/**
 * Sends `count` requests, alternating the two operations, `concurrency` at a time. Returns requests per
 * wall-clock second and this process's CPU time per request (user + system, all threads): the CPU
 * figure is what the client costs, and it moves much less than wall time when other work shares the cores.
 */
async function measure(api, count, concurrency) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      if (i % 2 === 0) await api.getProject(1 + (i % 50));
      else await api.listProjects(0, 10);
    }
  };
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpu = process.cpuUsage(cpuBefore);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { reqPerSec: count / seconds, cpuMicrosPerReq: (cpu.user + cpu.system) / count };
}

/** Every contender must return the same data before any of them is timed. */
async function sanityCheck(apis) {
  const reference = JSON.stringify([await apis[0].api.getProject(7), await apis[0].api.listProjects(0, 10)]);
  for (const { contender, api } of apis) {
    const got = JSON.stringify([await api.getProject(7), await api.listProjects(0, 10)]);
    if (got !== reference) throw new Error(`${contender.id} returned different data than ${apis[0].contender.id}`);
  }
}

export async function benchRequests(contenders, { log = () => {} } = {}) {
  const server = await startServer();
  try {
    const apis = [];
    const missing = [];
    for (const contender of contenders) {
      try {
        apis.push({ contender, api: await contender.create(server.baseUrl) });
      } catch (error) {
        missing.push({ id: contender.id, reason: error.message.split("\n")[0] });
      }
    }
    await sanityCheck(apis);
    for (const { api } of apis) await measure(api, settings.warmupRequests, settings.concurrency);

    const perRound = new Map(apis.map(({ contender }) => [contender.id, []]));
    for (let round = 0; round < settings.rounds; round++) {
      const order = apis.map((_, i) => apis[(i + round) % apis.length]);
      for (const { contender, api } of order) {
        globalThis.gc?.(); // start each measurement with a clean heap when run with --expose-gc
        perRound.get(contender.id).push(await measure(api, settings.requestsPerRound, settings.concurrency));
      }
      log(
        `requests: round ${round + 1}/${settings.rounds} ` +
          order
            .map(
              ({ contender: { id } }) =>
                `${id} ${Math.round(perRound.get(id)[round].reqPerSec)}/s ${Math.round(perRound.get(id)[round].cpuMicrosPerReq)} µs`,
            )
            .join(", "),
      );
    }

    // Ratios are taken within a round (same moment, same machine load), then the median over rounds.
    const ratioTo = (id, baseline) => {
      const base = perRound.get(baseline);
      if (!base || !perRound.has(id)) return undefined;
      return median(perRound.get(id).map((m, round) => m.reqPerSec / base[round].reqPerSec));
    };
    const cpuRatioTo = (id, baseline) => {
      const base = perRound.get(baseline);
      if (!base || !perRound.has(id)) return undefined;
      return median(perRound.get(id).map((m, round) => m.cpuMicrosPerReq / base[round].cpuMicrosPerReq));
    };
    const results = Object.fromEntries(
      apis.map(({ contender }) => [
        contender.id,
        {
          reqPerSec: median(perRound.get(contender.id).map((m) => m.reqPerSec)),
          cpuMicrosPerReq: median(perRound.get(contender.id).map((m) => m.cpuMicrosPerReq)),
          cpuVsOpenapiFetch: cpuRatioTo(contender.id, "openapi-fetch"),
          vsFetch: ratioTo(contender.id, "fetch"),
          vsOpenapiFetch: ratioTo(contender.id, "openapi-fetch"),
          vsPeer: ratioTo(contender.id, "peer"),
        },
      ]),
    );
    return { settings, results, missing, served: server.served() };
  } finally {
    await server.close();
  }
}
