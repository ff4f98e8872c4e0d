// Preloaded into a child process (node --import <this file> …): prints its peak
// resident memory on stderr as it exits, "peak-rss-bytes <n>", for the tests that bound a run's memory.
process.on("exit", () => process.stderr.write(`\npeak-rss-bytes ${process.resourceUsage().maxRSS * 1024}\n`));
