// `pcs`: main() with the process's arguments, environment and streams.
import { createInterface } from "node:readline/promises";
import { main } from "./main.js";

const code = await main(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  isTTY: process.stdout.isTTY === true && process.stdin.isTTY === true,
  // Carriage return and erase-line: the same line rewritten; nothing of it reaches a pipe or a log.
  progress: process.stderr.isTTY ? (text) => process.stderr.write(`\r\x1b[2K${text}`) : undefined,
  // 0 where the terminal does not say (a pseudo-terminal without a size): unknown.
  columns: process.stdout.columns || undefined,
  confirm: async (question) => {
    const prompt = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return /^y(es)?$/i.test((await prompt.question(question)).trim());
    } finally {
      prompt.close();
    }
  },
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  },
});
process.exitCode = code;
