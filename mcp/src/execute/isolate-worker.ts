// The isolate's worker thread: runs one program in the engine (./engine.ts) and talks to the server's
// thread only in messages (./isolate.ts): each host call out and its answer back, each log line, when
// the engine runs and when it waits, and the outcome. The server's thread can end it at any moment.
// It is started before it is needed (./isolate.ts keeps one ready), so it waits for its program first.
import { parentPort } from "node:worker_threads";
import { runEngine } from "./engine.js";
import type { FromWorker, ToWorker, WorkerInput } from "./isolate.js";

const port = parentPort!;
const post = (message: FromWorker) => port.postMessage(message);
const { script, engine, limits } = await new Promise<WorkerInput>((resolve) => port.once("message", resolve));

// What may cross to the server's thread, whatever the program does in its CPU time: a loop that calls
// or logs without waiting would otherwise queue messages there faster than they are answered.
/** Host calls: far more than the requests a call may send (./bridge.ts) and the steps of its walks. */
const MAX_CALLS = 10_000;
/** Log lines, and the characters of one (the server keeps fewer: ./answer.ts). */
const MAX_LOG_LINES = 10_000;
const MAX_LOG_LINE_CHARS = 10_000;

const waiting = new Map<number, { resolve: (answer: string) => void; reject: (error: Error) => void }>();
let calls = 0;
let logLines = 0;
port.on("message", (message: ToWorker) => {
  const call = waiting.get(message.id);
  if (!call) return;
  waiting.delete(message.id);
  if (message.ok) call.resolve(message.answer);
  else call.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
});

const outcome = await runEngine(
  script,
  engine,
  {
    call: (operation, argument) =>
      new Promise((resolve, reject) => {
        const id = ++calls;
        if (id > MAX_CALLS)
          return reject(new Error(`the program made more than ${MAX_CALLS} calls to the server, the most one run may make`));
        waiting.set(id, { resolve, reject });
        post({ type: "call", id, operation, argument });
      }),
    log: (text) => void (++logLines <= MAX_LOG_LINES && post({ type: "log", text: text.slice(0, MAX_LOG_LINE_CHARS) })),
    running: (busy) => post({ type: "running", busy }),
  },
  limits,
);
post({ type: "done", outcome, logLinesDropped: Math.max(0, logLines - MAX_LOG_LINES) });
port.close();
