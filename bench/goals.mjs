// The goals of issue 7, each checked against the measured results. A goal whose inputs are missing
// (a section not run, a contender not built) is reported as unknown, never as met.
export function evaluateGoals({ requests, typecheck, size, docs, build, test }) {
  const ours = requests?.results.ours;
  const goal = (id, text, met, detail) => ({ id, text, met: met === undefined ? "unknown" : met ? "met" : "missed", detail });
  return [
    // Overhead is judged on CPU time per request: on a shared 2-core machine wall-clock req/s of one
    // contender moves by ±10% between rounds, CPU per request by a few percent. Wall ratios are in the table.
    goal(
      "overhead-vs-openapi-fetch",
      "client overhead within 5% of raw openapi-fetch (CPU per request)",
      ours?.cpuVsOpenapiFetch === undefined ? undefined : ours.cpuVsOpenapiFetch <= 1.05,
      ours && `${ours.cpuVsOpenapiFetch?.toFixed(3)}× CPU, ${ours.vsOpenapiFetch?.toFixed(3)}× req/s`,
    ),
    goal(
      "overhead-vs-peer",
      "client ahead of the peer SDK (CPU per request)",
      ours?.cpuMicrosPerReq === undefined || !requests.results.peer
        ? undefined
        : ours.cpuMicrosPerReq < requests.results.peer.cpuMicrosPerReq,
      ours &&
        requests.results.peer &&
        `${Math.round(ours.cpuMicrosPerReq)} vs ${Math.round(requests.results.peer.cpuMicrosPerReq)} µs, ${ours.vsPeer?.toFixed(3)}× req/s`,
    ),
    goal(
      "instantiations",
      "fewer type instantiations than the peer",
      typecheck && typecheck.ours.instantiations < typecheck.peer.instantiations,
      typecheck && `${typecheck.ours.instantiations} vs ${typecheck.peer.instantiations}`,
    ),
    goal(
      "check-time",
      "faster check than the peer",
      typecheck && typecheck.ours.checkSeconds < typecheck.peer.checkSeconds,
      typecheck && `${typecheck.ours.checkSeconds} s vs ${typecheck.peer.checkSeconds} s`,
    ),
    goal(
      "shipped-size",
      "shipped client < 8 kB min+gz with openapi-fetch",
      size && size.ours.minGzipBytes < 8 * 1024,
      size && `${(size.ours.minGzipBytes / 1024).toFixed(2)} kB`,
    ),
    goal(
      "docs-fcp",
      "docs first contentful paint within 1.25× of Redoc's one-operation floor",
      docs && !docs.missing ? docs.ratios.fcp <= 1.25 : undefined,
      docs && !docs.missing && `${docs.ratios.fcp.toFixed(2)}×`,
    ),
    goal("build-time", "npm run build < 15 s", build && build.wallSeconds < 15, build && `${build.wallSeconds.toFixed(1)} s`),
    goal("test-time", "npm test < 60 s", test && test.wallSeconds < 60, test && `${test.wallSeconds.toFixed(1)} s`),
  ];
}
