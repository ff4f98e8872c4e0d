// Preloaded into a child process started with --expose-gc (node --expose-gc --import <this file> …): a
// full garbage collection every second, for the tests that a run ends whatever the collector does to
// what it holds (a request's abort lost once its Request is collected: issue 42).
setInterval(() => globalThis.gc?.(), 1_000).unref();
