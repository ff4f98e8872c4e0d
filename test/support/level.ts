// PCS_CONFORMANCE, read on its own (no other import), so the global setup can refuse a misspelt level
// with one line before anything else is loaded.
import { SetupError } from "./setup-error.js";

export type Level = "documented" | "full";

export function levelFromEnv(value: string | undefined): Level {
  const level = (value ?? "").trim() || "full";
  if (level !== "documented" && level !== "full") {
    throw new SetupError(`PCS_CONFORMANCE must be "documented" or "full" (the default), not ${JSON.stringify(value)}`);
  }
  return level;
}
