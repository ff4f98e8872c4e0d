// The command as a function, for tests and for programs that embed it.
export { main, UsageError } from "./main.js";
export type { Io } from "./main.js";
export { commandTable } from "./table.js";
export type { Command } from "./table.js";
