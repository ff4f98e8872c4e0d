// A usage mistake: one line on stderr and exit code 2, nothing sent.
export class UsageError extends Error {
  override name = "UsageError";
}
