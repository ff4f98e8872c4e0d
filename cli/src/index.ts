// The command as a function, for tests and for programs that embed it.
export type { Io } from "./io.js";
export { main } from "./main.js";
export { commandTable } from "./table.js";
export type { Command } from "./table.js";
export { UsageError } from "./usage-error.js";
