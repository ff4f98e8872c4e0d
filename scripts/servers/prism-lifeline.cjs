// Preloaded into every Prism the project starts (`node --require prism-lifeline.cjs <prism-cli> …`, by
// prism-process.mjs), whose launcher holds the other end of Prism's stdin, a pipe. Prism leads a process
// group of its own (so that its launcher can stop all of it), so nothing else ends it with its launcher:
// when the launcher is gone — stopped, crashed, killed with SIGKILL, or its terminal closed — the pipe
// reports its end here, and Prism's group ends too instead of holding its port with nobody to stop it.
// Prism itself never reads its stdin.
const end = () => {
  try {
    process.kill(-process.pid, "SIGTERM"); // Prism and anything it forked
  } catch {
    process.exit(1);
  }
};
process.stdin.on("end", end);
process.stdin.on("error", end);
process.stdin.resume();
