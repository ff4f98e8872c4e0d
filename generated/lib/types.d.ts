export type * from "./schema.js";
