// The reason a fetch got no answer, read from the cause Node's fetch attaches (never the server's text).
import { describe, expect, it } from "vitest";
import { networkFailureReason } from "../../src/network-failure.js";

function fetchFailed(cause: unknown): TypeError {
  return new TypeError("fetch failed", { cause });
}

function codeError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe("networkFailureReason", () => {
  it("names a known code in words, with the code", () => {
    expect(networkFailureReason(fetchFailed(codeError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:9")))).toBe(
      "connection refused (ECONNREFUSED)",
    );
    expect(networkFailureReason(fetchFailed(codeError("ENOTFOUND", "getaddrinfo ENOTFOUND x.invalid")))).toBe("no such host (ENOTFOUND)");
  });

  it("calls an unlisted TLS code a certificate error, in the cause's first line", () => {
    expect(networkFailureReason(fetchFailed(codeError("ERR_TLS_SOMETHING_NEW", "bad chain\nsecond line")))).toBe(
      "certificate error: bad chain (ERR_TLS_SOMETHING_NEW)",
    );
  });

  it("shows any other code with the cause's first line", () => {
    expect(networkFailureReason(fetchFailed(codeError("EPIPE", "write EPIPE\nstack")))).toBe("write EPIPE (EPIPE)");
  });

  it("uses the cause's first line when it has no code", () => {
    expect(networkFailureReason(fetchFailed(new Error("other side closed\nmore")))).toBe("other side closed");
  });

  it("is undefined for what is not a network failure", () => {
    expect(networkFailureReason(new DOMException("aborted", "AbortError"))).toBeUndefined();
    expect(networkFailureReason(new TypeError("fetch failed"))).toBeUndefined();
    expect(networkFailureReason(fetchFailed("a string"))).toBeUndefined();
    expect(networkFailureReason(new Error("fetch failed", { cause: codeError("ECONNREFUSED", "x") }))).toBeUndefined();
  });
});
