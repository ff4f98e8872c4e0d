// A server that echoes the credential it receives in every answer (a misbehaving service or proxy):
// successes carry it in values and property names, and /groups/… answers a 400 problem quoting it.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface EchoServer {
  url: string;
  /** The keys it received, decoded from the Basic credential. */
  received: string[];
  close(): Promise<void>;
}

export async function startEchoServer(): Promise<EchoServer> {
  const received: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const authorization = request.headers.authorization ?? "";
    const key = Buffer.from(authorization.replace(/^Basic /, ""), "base64")
      .toString("utf8")
      .replace(/:$/, "");
    received.push(key);
    const echo = { authorization, key, headers: request.headers, [key]: "the key as a property name", note: `your key is ${key}` };
    const failing = request.url?.includes("/groups/");
    response.writeHead(failing ? 400 : 200, { "content-type": failing ? "application/problem+json" : "application/json" });
    response.end(
      JSON.stringify(
        failing ? { type: "about:blank", title: "Bad Request", status: 400, detail: `rejected key ${key} (${authorization})`, echo } : echo,
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/public/api`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A key no message may hold, in any of the forms it travels in. */
export const CANARY_KEY = 'mcp-canary-7f3a9c2e-"quoted"-key';
export const canaryForms = [
  CANARY_KEY,
  Buffer.from(`${CANARY_KEY}:`).toString("base64"),
  Buffer.from(CANARY_KEY).toString("base64"),
  JSON.stringify(CANARY_KEY).slice(1, -1),
  "7f3a9c2e",
];
