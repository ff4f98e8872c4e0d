// Servers over HTTP on a free port of 127.0.0.1 for the contract suite's global setup, in-process
// (node:http in front of a fetch-style handler):
//   - PCS_TARGET=stand-in[:<defect>]: the documented-only stand-in, optionally with one defect;
//   - PCS_TARGET=sandbox: the reference sandbox itself behind Prism's validating proxy (`--errors`), as
//     `npm run sandbox` serves it, so every answer is also checked against the full description.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createSandbox } from "../../../src/sandbox/index.js";
import { startPrism } from "../prism.js";
import type { Target } from "../target.js";
import { DEFECTS } from "./defects.js";
import { documentedOnly, type Handler } from "./documented-only.js";
import { STAND_IN_KEY, standInSeed } from "./seed.js";

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) if (typeof value === "string") headers.set(name, value);
  const body = chunks.length && message.method !== "GET" && message.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(message.url ?? "/", origin), { method: message.method, headers, body });
}

async function serve(handler: Handler): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((message, reply) => {
    void (async () => {
      try {
        const response = await handler(await toRequest(message, "http://stand-in.invalid"));
        reply.writeHead(response.status, Object.fromEntries(response.headers));
        reply.end(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        reply.writeHead(500, { "content-type": "text/plain" });
        reply.end(`stand-in failure: ${(error as Error).message}`);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

const fixture = (name: string, baseUrl: string, viaPrism = false): Target => ({ name, baseUrl, apiKey: STAND_IN_KEY, isMock: false, stateful: true, allowWrites: true, checksKeys: true, disposable: true, viaPrism });

export async function startStandIn(defect?: string): Promise<{ target: Target; stop: () => Promise<void> }> {
  if (defect !== undefined && !Object.hasOwn(DEFECTS, defect)) {
    throw new Error(`PCS_TARGET=stand-in:${defect}: no such defect (known: ${Object.keys(DEFECTS).join(", ")})`);
  }
  const sandbox = createSandbox({ seed: standInSeed() });
  const documented = documentedOnly((request) => sandbox.fetch(request));
  const server = await serve(defect ? DEFECTS[defect]!(documented) : documented);
  return { target: fixture(`stand-in (documented facts only${defect ? `, defect: ${defect}` : ""})`, server.url), stop: server.stop };
}

export async function startCheckedSandbox(): Promise<{ target: Target; stop: () => Promise<void> }> {
  const sandbox = createSandbox({ seed: standInSeed() });
  const server = await serve((request) => sandbox.fetch(request));
  const proxy = await startPrism("proxy", { args: [server.url, "--errors", "--validate-request=false"] }).catch(async (error) => {
    await server.stop();
    throw error;
  });
  return { target: fixture("sandbox behind Prism's validating proxy", proxy.url, true), stop: async () => { await proxy.stop(); await server.stop(); } };
}
