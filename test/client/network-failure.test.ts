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

  // Each code the function claims to know, with the cause's message it would otherwise show: the reason
  // is words of its own (not that message, not empty), tagged with the code.
  it.each([
    "ECONNRESET",
    "EAI_AGAIN",
    "EHOSTUNREACH",
    "ENETUNREACH",
    "ETIMEDOUT",
    "UND_ERR_CONNECT_TIMEOUT",
    "UND_ERR_SOCKET",
    "UND_ERR_HEADERS_TIMEOUT",
    "UND_ERR_BODY_TIMEOUT",
    "CERT_HAS_EXPIRED",
    "DEPTH_ZERO_SELF_SIGNED_CERT",
    "SELF_SIGNED_CERT_IN_CHAIN",
    "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
    "ERR_TLS_CERT_ALTNAME_INVALID",
    "ERR_SSL_WRONG_VERSION_NUMBER",
  ])("names %s in words of its own", (code) => {
    const reason = networkFailureReason(fetchFailed(codeError(code, "the platform's wording")));
    expect(reason).toMatch(new RegExp(`^[a-zA-Z].{8,} \\(${code}\\)$`));
    expect(reason).not.toContain("the platform's wording");
    if (/CERT/.test(code)) expect(reason).toMatch(/^certificate error: /);
  });

  it("calls an unlisted TLS code a certificate error, in the cause's first line", () => {
    expect(networkFailureReason(fetchFailed(codeError("ERR_TLS_SOMETHING_NEW", "bad chain\nsecond line")))).toBe(
      "certificate error: bad chain (ERR_TLS_SOMETHING_NEW)",
    );
  });

  it("shows any other code with the cause's first line", () => {
    expect(networkFailureReason(fetchFailed(codeError("EPIPE", "write EPIPE\nstack")))).toBe("write EPIPE (EPIPE)");
  });

  it("uses the cause's first line when it has no code, or an empty one", () => {
    expect(networkFailureReason(fetchFailed(new Error("other side closed\nmore")))).toBe("other side closed");
    expect(networkFailureReason(fetchFailed(codeError("", "other side closed\nmore")))).toBe("other side closed");
    expect(networkFailureReason(fetchFailed(codeError("", "")))).toBeUndefined();
  });

  it("is undefined for what is not a network failure", () => {
    expect(networkFailureReason(new DOMException("aborted", "AbortError"))).toBeUndefined();
    expect(networkFailureReason(new TypeError("fetch failed"))).toBeUndefined();
    expect(networkFailureReason(fetchFailed("a string"))).toBeUndefined();
    expect(networkFailureReason(new Error("fetch failed", { cause: codeError("ECONNREFUSED", "x") }))).toBeUndefined();
  });
});
