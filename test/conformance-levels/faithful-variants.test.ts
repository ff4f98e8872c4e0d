// The checker never fails a faithful server: every variant of the documented-only stand-in that the
// interface allows (test/support/stand-in/faithful-variants.ts), and seeded combinations of them, pass
// the documented level with 0 failures — read-only and with writes, the second key and an invite
// address — and are left as they were found. A failure here is the checker judging something the
// interface leaves open.
import { describe, expect, it } from "vitest";
import { consoleReport, findings, verdict, type RunResult } from "../../contract/src/index.js";
import {
  combination,
  FAITHFUL_VARIANTS,
  generatedVariant,
  spelledAnyCase,
  type FaithfulVariant,
} from "../support/stand-in/faithful-variants.js";
import { standInRun } from "../support/stand-in/run.js";
import { standInSeed } from "../support/stand-in/seed.js";

const INVITE = "lee.park@northwind.example"; // the second key's own address (the seed's Viewer)
const failures = (run: RunResult) => findings(run).failures.map((r) => `${r.title}: ${r.reason}`);

async function faithfulRun(variant: FaithfulVariant, writes: boolean, socket?: { gzip: boolean; spell?: (name: string) => string }) {
  const seed = standInSeed();
  variant.seed?.(seed);
  return standInRun({
    writes,
    otherKey: true,
    ...(writes && { inviteEmail: INVITE }),
    seed,
    ...(variant.wrap && { wrap: variant.wrap }),
    ...(socket && { socket }),
  });
}

const COMBINATIONS = [20261128, 7, 4242, 99].map((seed) => combination(seed, 4));
/** Answers respelled from the grammars (a new seed, new spellings: any seed must pass). */
const GENERATED = [52, 20261128, 9110].map(generatedVariant);

describe.concurrent("faithful variants: the documented level passes, with writes, a second key and an invite address", () => {
  for (const variant of [...FAITHFUL_VARIANTS, ...COMBINATIONS, ...GENERATED]) {
    it(variant.name, async () => {
      const { run, before, after, emails } = await faithfulRun(variant, true);
      expect(failures(run), variant.basis).toEqual([]);
      expect(verdict(run).code, consoleReport(run).slice(-2500)).toBe(0);
      expect(verdict(run).line).toMatch(/^PASS/);
      expect(consoleReport(run).split("\n")[0], "the first screen").toBe(
        "Result: PASS at --level documented; the last line sums the run up.",
      );
      expect(after, "the stand-in's state after the run").toBe(before);
      expect(emails.every((email) => email === INVITE)).toBe(true);
    });
  }
});

// In this process a stand-in answers through a fetch function; a user's server answers on a socket,
// through the checker's own network (node:http: its connection pool, its decoding). These run there,
// compressed with gzip as a server's middleware does whenever the request accepts it.
describe.concurrent("faithful variants on a real socket, gzip on every answer with content", () => {
  const byName = (part: string) => FAITHFUL_VARIANTS.find((variant) => variant.name.includes(part))!;
  const plain: FaithfulVariant = { name: "the documented-only stand-in as it is", basis: "the interface" };
  for (const variant of [
    plain,
    byName("HEAD answered as GET"),
    byName("strong entity tags"),
    byName("Connection: close"),
    ...COMBINATIONS.slice(0, 2),
    GENERATED[0]!,
  ]) {
    it(variant.name, async () => {
      // The generated variant's header names and coding in any case, as its seed spells them.
      const spell = variant === GENERATED[0] ? spelledAnyCase(52) : undefined;
      const { run, before, after } = await faithfulRun(variant, true, { gzip: true, ...(spell && { spell }) });
      expect(failures(run), variant.basis).toEqual([]);
      expect(run.exchanges.some((exchange) => /^gzip$/i.test(exchange.responseHeaders["content-encoding"] ?? ""))).toBe(true);
      expect(after, "the stand-in's state after the run").toBe(before);
    });
  }
});

describe.concurrent("faithful variants, read-only", () => {
  for (const variant of [FAITHFUL_VARIANTS[0]!, FAITHFUL_VARIANTS[3]!, ...COMBINATIONS.slice(0, 2)]) {
    it(variant.name, async () => {
      const { run, requests, before, after } = await faithfulRun(variant, false);
      expect(failures(run), variant.basis).toEqual([]);
      expect(requests.filter((r) => /^(POST|PUT|PATCH|DELETE) /.test(r))).toEqual([]);
      expect(after).toBe(before);
    });
  }
});

describe("each variant changes what a client sees (a variant that changed nothing would prove nothing)", () => {
  const ADMIN = `Basic ${btoa("sandbox-admin-key:")}`;
  const VIEWER = `Basic ${btoa("sandbox-viewer-key:")}`;
  const PROBES: Array<[string, RequestInit]> = [
    ["/projects.json?limit=5", { headers: { authorization: ADMIN } }],
    ["/projects.json", {}],
    ["/organizations.json", { headers: { authorization: ADMIN } }],
    ["/projects/48213.json", { headers: { authorization: ADMIN } }],
    ["/projects/48213/users.json", { headers: { authorization: ADMIN } }],
    ["/groups.json", { headers: { authorization: ADMIN } }],
    ["/projects/48213.json", { method: "HEAD", headers: { authorization: ADMIN } }],
    ["/projects/48213.json", { method: "OPTIONS", headers: { authorization: ADMIN } }],
    ["/projects/48213.json", { method: "PUT", headers: { authorization: ADMIN } }],
    ["/projects/48213.json", { method: "BREW", headers: { authorization: ADMIN } }],
    ["/projects/48213.json", { headers: { authorization: ADMIN, accept: "application/xml" } }],
    ["/groups.json?fields=name", { headers: { authorization: ADMIN } }],
    [
      "/projects/48213/users.json",
      { method: "POST", headers: { authorization: ADMIN, "content-type": "application/json" }, body: '{"email":"new.person@example.com"}' },
    ],
    ["/projects/700001.json", { method: "DELETE", headers: { authorization: ADMIN } }],
    [
      "/projects/48213/users.json",
      { method: "POST", headers: { authorization: ADMIN, "content-type": "application/json" }, body: '{"email":"new.person@example.com"}' },
    ],
    ["/projects/700001.json", { method: "DELETE", headers: { authorization: ADMIN } }],
    [
      "/projects/48213.json",
      { method: "PATCH", headers: { authorization: VIEWER, "content-type": "application/json" }, body: '{"name":"Probe"}' },
    ],
  ];
  /** Every probe's status, headers (but Date's value) and body, then the same read again with the entity tag it got. */
  async function seen(variant?: FaithfulVariant): Promise<string> {
    const seed = standInSeed();
    variant?.seed?.(seed);
    const { standIn } = await import("../support/stand-in/server.js");
    const { handler } = standIn(undefined, seed);
    const served = variant?.wrap ? variant.wrap(handler) : handler;
    const out: string[] = [];
    for (const [path, init] of PROBES) {
      const response = await served(new Request(`https://stand-in.invalid${path}`, init));
      const headers = [...response.headers].filter(([name]) => name !== "date").map((pair) => pair.join(": "));
      out.push(`${response.status} ${headers.join("; ")} date:${response.headers.has("date")} ${await response.text()}`);
      const etag = response.headers.get("etag");
      if (etag) {
        const again = await served(
          new Request(`https://stand-in.invalid${path}`, { ...init, headers: { ...init.headers, "if-none-match": etag } }),
        );
        out.push(`conditional: ${again.status}`);
      }
    }
    return out.join("\n");
  }
  it.each(FAITHFUL_VARIANTS.map((variant) => [variant.name, variant] as const))("%s", async (_name, variant) => {
    expect(await seen(variant)).not.toBe(await seen());
  });
});
