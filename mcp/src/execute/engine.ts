// The engine an `execute` program runs in, inside the isolate's worker (./isolate-worker.ts): QuickJS,
// a JavaScript engine compiled to WebAssembly (quickjs-emscripten; its .wasm ships inside the npm
// package), a fresh instance per call. A WebAssembly instance touches only its own linear memory and
// the functions imported into it — the C library's few (the clock; printing, which goes nowhere) and
// the two a program can reach: `host.call(operation, json)`, answered by the server (./bridge.ts), and
// `host.log(text)`. No process, file system, module loader, timers or network exist inside, whatever a
// program evaluates (`Function("return this")()` is the instance's own bare global).
//
// Limits kept here: memory (the instance's WebAssembly memory has a maximum: past it QuickJS's
// allocations fail and the program gets an out-of-memory error — QuickJS's own limit alone does not
// hold in this build, which cannot measure its allocations); CPU time inside the engine (an interrupt
// handler QuickJS polls, between so many instructions: a loop whose every turn is long native work is
// polled too seldom, which is why the worker can also be ended from outside, ./isolate.ts); the
// engine's stack. The instance is dropped after the call, never reused, so a program that broke it (a
// stack overflow inside the engine's C code) breaks nothing else.
import variantModule from "@jitl/quickjs-wasmfile-release-sync";
import type { IsolateLimits, Outcome } from "./isolate.js";
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSSyncVariant,
} from "quickjs-emscripten-core";

// The variant's types describe its CommonJS build: under NodeNext the default import types as the
// module object, while Node loads its ES module, whose default is the variant.
const variant = ((variantModule as unknown as { default?: QuickJSSyncVariant }).default ?? variantModule) as QuickJSSyncVariant;

/** QuickJS's own stack limit: past it a program gets "stack overflow", well before the engine's C code
 * would exhaust Node's stack (that happens too, in JSON.stringify of a deeply nested value: then the
 * call ends as "crashed"). */
const STACK_BYTES = 256 * 1024;
const PAGE_BYTES = 64 * 1024;
/** The memory QuickJS's build starts with (Emscripten's default, 16 MiB). */
const INITIAL_PAGES = 256;

/** What the engine asks of the world outside: the host calls, and word of when it runs (the CPU time
 * the worker's watchdog counts) and when it waits. */
export interface EngineHost {
  call(operation: string, argument: string): Promise<string>;
  log(text: string): void;
  running(busy: boolean): void;
}

/**
 * Runs `script`, which must end with an expression that is a function returning a promise of a string
 * (the prelude's runner, see ./prelude.ts), and waits for that string, answering the host calls the
 * program makes meanwhile.
 */
export async function runEngine(script: string, engine: WebAssembly.Module, host: EngineHost, limits: IsolateLimits): Promise<Outcome> {
  const maximum = Math.max(INITIAL_PAGES, Math.floor(limits.memoryBytes / PAGE_BYTES));
  const module = await newQuickJSWASMModuleFromVariant(
    newVariant(variant, {
      wasmModule: engine,
      wasmMemory: new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum }),
    }),
  );
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(maximum * PAGE_BYTES);
  runtime.setMaxStackSize(STACK_BYTES);
  let cpuUsed = 0;
  let enteredAt = 0;
  let outOfTime = false;
  runtime.setInterruptHandler(() => (outOfTime ||= cpuUsed + (performance.now() - enteredAt) > limits.cpuMs));
  const inEngine = <T>(run: () => T): T => {
    enteredAt = performance.now();
    host.running(true);
    try {
      return run();
    } finally {
      cpuUsed += performance.now() - enteredAt;
      host.running(false);
    }
  };
  const context = runtime.newContext();
  const pending = new Set<Promise<void>>();
  let alive = true;
  const failed = (error: QuickJSHandle) => (outOfTime ? cpuFailure(limits) : failure(context, error));
  try {
    installHost(context, host, pending, () => alive);
    const evaluated = inEngine(() => context.evalCode(script, "program.js"));
    if (evaluated.error) return failed(evaluated.error);
    const started = inEngine(() => context.callFunction(evaluated.value, context.undefined));
    if (started.error) return failed(started.error);
    const promise = started.value;
    const deadline = performance.now() + limits.wallMs;
    for (;;) {
      const jobs = inEngine(() => runtime.executePendingJobs());
      if (jobs.error) return failed(jobs.error);
      const state = context.getPromiseState(promise);
      if (state.type === "fulfilled")
        return { ok: true, json: context.typeof(state.value) === "string" ? context.getString(state.value) : undefined };
      if (state.type === "rejected") return failed(state.error);
      if (outOfTime) return cpuFailure(limits);
      if (pending.size === 0)
        return { ok: false, reason: "stalled", message: "the program waits for something that never happens (a promise nothing settles)" };
      const left = deadline - performance.now();
      if (left <= 0 || !(await settledWithin([...pending], left)))
        return { ok: false, reason: "wall", message: `the program did not finish within ${limits.wallMs / 1000} s` };
    }
  } catch (error) {
    // The engine itself failed (Node's stack exhausted inside it, an abort): this instance is done for.
    const detail = error instanceof RangeError ? "it exhausted the engine's stack (a value nested too deeply?)" : "the engine failed";
    return { ok: false, reason: "crashed", message: `the program was stopped: ${detail}` };
  } finally {
    // Nothing is disposed: the whole instance, its memory with it, is dropped and collected. (Freeing a
    // runtime a program left objects in fails an assertion, which the engine prints on stderr.)
    alive = false;
  }
}

/** `host` inside the engine: call (a promise of the host's answer) and log. */
function installHost(context: QuickJSContext, host: EngineHost, pending: Set<Promise<void>>, alive: () => boolean) {
  const text = (handle: QuickJSHandle) => (context.typeof(handle) === "string" ? context.getString(handle) : "");
  const object = context.newObject();
  const call = context.newFunction("call", (operation, argument) => {
    const deferred = context.newPromise();
    const settle = (run: () => void) => {
      if (alive()) run();
    };
    const done = host.call(text(operation), text(argument)).then(
      (answer) => settle(() => context.newString(answer).consume(deferred.resolve)),
      (error: unknown) =>
        settle(() => {
          const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
          context.newError({ name, message }).consume(deferred.reject);
        }),
    );
    // Settling can fail (the answer does not fit in the program's memory): the program then waits on a
    // promise nothing settles, and the call ends as stalled; the failure itself must not escape.
    const tracked: Promise<void> = done.catch(() => {}).finally(() => pending.delete(tracked));
    pending.add(tracked);
    return deferred.handle;
  });
  const log = context.newFunction("log", (line) => void host.log(text(line)));
  context.setProp(object, "call", call);
  context.setProp(object, "log", log);
  context.setProp(context.global, "host", object);
  call.dispose();
  log.dispose();
  object.dispose();
}

async function settledWithin(pending: Promise<void>[], ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([Promise.race(pending).then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function cpuFailure(limits: IsolateLimits): Outcome {
  return { ok: false, reason: "cpu", message: `the program ran for more than its ${limits.cpuMs / 1000} s of CPU time and was stopped` };
}

/** What the program threw (or the engine threw at it), as one message. */
function failure(context: QuickJSContext, error: QuickJSHandle): Outcome {
  const dumped = context.dump(error) as unknown;
  error.dispose();
  const { name, message, stack } = (typeof dumped === "object" && dumped !== null ? dumped : { message: String(dumped) }) as {
    name?: string;
    message?: string;
    stack?: string;
  };
  if (name === "InternalError" && /out of memory/i.test(message ?? ""))
    return { ok: false, reason: "memory", message: "the program ran out of memory and was stopped" };
  const line = Number(/program\.js:(\d+)/.exec(stack ?? "")?.[1]) || undefined;
  return { ok: false, reason: "thrown", message: `${name ?? "Error"}: ${message ?? ""}`, ...(line && { line }) };
}
