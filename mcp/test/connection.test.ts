// Where requests go is read from the environment: the sandbox without a key, the service with a key
// and a base URL, and a half-configured environment is an error that never quotes the key.
import { expect, it } from "vitest";
import { connect, UsageError } from "../src/index.js";

const KEY = "connection-test-key-5b1e";

it("uses the sandbox without a key, or with --sandbox even when a key is set", () => {
  expect(connect({}).summary).toMatch(/in-process sandbox/);
  expect(connect({ PCS_API_KEY: KEY, PCS_BASE_URL: "https://example.invalid/public/api" }, { sandbox: true }).summary).toMatch(
    /in-process sandbox/,
  );
});

it("uses the service with a key and a base URL, and names only its host", () => {
  const connection = connect({ PCS_API_KEY: KEY, PCS_BASE_URL: "https://example.invalid/public/api" });
  expect(connection.summary).toBe("the service at example.invalid");
  expect(connection.secrets).toContain(KEY);
});

it.each([
  [{ PCS_BASE_URL: "https://example.invalid/public/api" }, /PCS_BASE_URL is set but PCS_API_KEY is not/],
  [{ PCS_API_KEY: KEY }, /PCS_API_KEY is set but PCS_BASE_URL is not/],
  [{ PCS_API_KEY: KEY, PCS_BASE_URL: "example.invalid" }, /PCS_BASE_URL is not an absolute URL/],
  // Refused without quoting them: the message names neither "someone" nor "hunter2".
  [
    { PCS_API_KEY: KEY, PCS_BASE_URL: "https://someone:hunter2@example.invalid/public/api" },
    /^PCS_BASE_URL must not hold a user name or password: give the key in PCS_API_KEY$/,
  ],
])("refuses a half-configured environment %#", (env, message) => {
  let thrown: unknown;
  try {
    connect(env);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(UsageError);
  expect((thrown as Error).message).toMatch(message);
  expect((thrown as Error).message).not.toContain(KEY);
});
