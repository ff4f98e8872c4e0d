// Where an `execute` program runs, and within what limits. Node's `vm` module is no boundary (its own
// documentation says so: code in a context reaches the host through any object handed in); a
// WebAssembly instance is one (./engine.ts: QuickJS compiled to WebAssembly). The instance runs in a
// worker thread of its own, for two reasons: the server's thread goes on serving while a program
// runs, and a program that the engine's own CPU check misses (a loop whose every turn is long native
// work, polled too seldom) is ended from here all the same — the worker is terminated once the engine
// has run past its CPU time by a grace, or the call has lasted past its wall time.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export interface IsolateLimits {
  /** Time the program may run inside the engine, in ms (waiting for requests does not count). */
  cpuMs: number;
  /** The engine's whole memory, in bytes (a multiple of 64 KiB, at least 16 MiB). */
  memoryBytes: number;
  /** The whole call, requests included, in ms. */
  wallMs: number;
}

/** The defaults: a generous program finishes in well under them; an endless loop ends after 10 s. */
export const DEFAULT_LIMITS: IsolateLimits = { cpuMs: 10_000, memoryBytes: 64 * 1024 * 1024, wallMs: 120_000 };

/** How long past its CPU time the engine may run before the worker is ended from outside (at most the
 * CPU time itself, for small limits). */
const GRACE_MS = 1_000;
/** The worker's own JavaScript heap (the answers crossing into the engine live there a moment), and its
 * stack: Node's usual 1 MB, so that a value nested too deeply for the engine's C code ends the call at
 * once rather than after a long walk (QuickJS's JSON.stringify looks for cycles level by level). */
const WORKER_HEAP_MB = 256;
const WORKER_STACK_MB = 1;

export interface Host {
  /** An asynchronous operation of the program's environment (a request, the next item of a walk). */
  call(operation: string, argument: string, signal: AbortSignal): Promise<string>;
  log(text: string): void;
  /** How many log lines the worker did not pass on (it passes a bounded number). */
  logsDropped(count: number): void;
}

export type Outcome =
  | { ok: true; json: string | undefined }
  | {
      ok: false;
      reason: "thrown" | "cpu" | "memory" | "wall" | "stalled" | "crashed";
      message: string;
      /** Where a thrown error was thrown: the line of the script run. */
      line?: number;
    };

/** What the worker is given, and the messages between it and this thread. */
export interface WorkerInput {
  script: string;
  engine: WebAssembly.Module;
  limits: IsolateLimits;
}
export type FromWorker =
  | { type: "call"; id: number; operation: string; argument: string }
  | { type: "log"; text: string }
  | { type: "running"; busy: boolean }
  | { type: "done"; outcome: Outcome; logLinesDropped: number };
export type ToWorker = { id: number; ok: true; answer: string } | { id: number; ok: false; error: { name: string; message: string } };

// Node runs a worker's file as it is: always the compiled one, also when this module runs from src/
// (the tests), so a change to the worker or the engine needs `npm run build`.
const WORKER_FILE = new URL("../../dist/execute/isolate-worker.js", import.meta.url);

/** The engine compiled once (its .wasm ships in the package), handed to each worker to instantiate. */
let compiled: WebAssembly.Module | undefined;
function engine(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(readFileSync(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm")));
  return compiled;
}

/** A worker started ahead of the call that will use it (its start-up, about half of a small program's
 * run, is then paid while the server waits for the next call); unreferenced, so it keeps no process
 * alive. One is kept ready once code mode has been used. */
let ready: Worker | undefined;
function startWorker(): Worker {
  return new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, stackSizeMb: WORKER_STACK_MB } });
}
function takeWorker(): Worker {
  const worker = ready ?? startWorker();
  ready = startWorker();
  ready.unref();
  ready.on("error", () => (ready = undefined));
  worker.ref();
  return worker;
}

/**
 * Runs `script`, which must end with an expression that is a function returning a promise of a string
 * (the prelude's runner, see ./prelude.ts), answering the host calls the program makes meanwhile.
 */
export function runIsolated(script: string, host: Host, limits: IsolateLimits): Promise<Outcome> {
  const worker = takeWorker();
  worker.removeAllListeners("error");
  const input: WorkerInput = { script, engine: engine(), limits };
  worker.postMessage(input);
  const abort = new AbortController();
  const started = performance.now();
  let busySince: number | undefined;
  let busyMs = 0;
  return new Promise<Outcome>((resolve) => {
    let finished = false;
    const finish = (outcome: Outcome) => {
      if (finished) return;
      finished = true;
      clearInterval(watchdog);
      abort.abort();
      void worker.terminate();
      resolve(outcome);
    };
    const watchdog = setInterval(() => {
      const busy = busyMs + (busySince === undefined ? 0 : performance.now() - busySince);
      if (busy > limits.cpuMs + Math.min(GRACE_MS, limits.cpuMs))
        finish({
          ok: false,
          reason: "cpu",
          message: `the program ran for more than its ${limits.cpuMs / 1000} s of CPU time and was stopped`,
        });
      else if (performance.now() - started > limits.wallMs)
        finish({ ok: false, reason: "wall", message: `the program did not finish within ${limits.wallMs / 1000} s` });
    }, 100);
    worker.on("message", (message: FromWorker) => {
      if (message.type === "done") {
        host.logsDropped(message.logLinesDropped);
        return finish(message.outcome);
      }
      if (message.type === "log") return host.log(message.text);
      if (message.type === "running") {
        if (message.busy) busySince = performance.now();
        else if (busySince !== undefined) [busyMs, busySince] = [busyMs + performance.now() - busySince, undefined];
        return;
      }
      const reply = (answer: ToWorker) => void (finished || worker.postMessage(answer));
      host.call(message.operation, message.argument, abort.signal).then(
        (answer) => reply({ id: message.id, ok: true, answer }),
        (error: unknown) => {
          const { name, message: text } = error instanceof Error ? error : { name: "Error", message: String(error) };
          reply({ id: message.id, ok: false, error: { name, message: text } });
        },
      );
    });
    worker.on("error", (error: Error & { code?: string }) =>
      finish(
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? { ok: false, reason: "memory", message: "the program ran out of memory and was stopped" }
          : { ok: false, reason: "crashed", message: "the program was stopped: the engine failed" },
      ),
    );
    worker.on("exit", () =>
      finish({ ok: false, reason: "crashed", message: "the program was stopped: the engine ended without an answer" }),
    );
  });
}
