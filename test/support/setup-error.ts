/** A mistake in the environment: reported as one line, and the run stops with exit code 2. */
export class SetupError extends Error {
  override name = "SetupError";
}
