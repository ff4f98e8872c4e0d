// The read-only guard of the suite's transport (support/http.ts), on its own: a server that is not
// disposable never gets a method that can change data unless the user allowed writes. (npm run
// test:levels proves the whole suite against a recording server; this pins the rule itself.)
import { describe, expect, it } from "vitest";
import { assertMaySend, guardedFetch, send, WriteRefusedError } from "../support/http.js";
import type { Target } from "../support/target.js";

const server = (allowWrites: boolean, disposable = false): Target => ({
  name: "server http://127.0.0.1:9",
  baseUrl: "http://127.0.0.1:9",
  apiKey: "k",
  isMock: false,
  stateful: true,
  allowWrites,
  checksKeys: true,
  disposable,
  viaPrism: false,
});

describe("the read-only guard", () => {
  it.for(["POST", "PUT", "PATCH", "DELETE", "post", "TRACE"])(
    "refuses %s to a server that is not disposable, without PCS_ALLOW_WRITES",
    (method) => {
      expect(() => assertMaySend(server(false), method, "http://127.0.0.1:9/projects.json")).toThrow(WriteRefusedError);
    },
  );

  it("lets GET, HEAD and OPTIONS through, and writes when allowed or disposable", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) expect(() => assertMaySend(server(false), method, "u")).not.toThrow();
    expect(() => assertMaySend(server(true), "DELETE", "u")).not.toThrow();
    expect(() => assertMaySend(server(false, true), "DELETE", "u")).not.toThrow();
  });

  it("send() and the typed client's fetch refuse before anything leaves the process", async () => {
    await expect(send(server(false), { method: "delete", path: "/projects/1.json" })).rejects.toThrow(/was not sent/);
    await expect(
      guardedFetch(server(false))(new Request("http://127.0.0.1:9/projects/1.json", { method: "PATCH", body: "{}" })),
    ).rejects.toThrow(WriteRefusedError);
  });
});
