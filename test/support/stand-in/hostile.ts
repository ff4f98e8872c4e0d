// Servers written to break the contract checker, each over HTTP on 127.0.0.1 (port 0), for the tests of
// its bounds and its redaction (test/contract/hostile.test.ts, test/conformance-levels/hostile.test.ts):
//   - echoing(): the documented-only stand-in for a secret key of the test's choosing, which sends every
//     credential it receives back in every place it can — the status text, `Location`, a header, the
//     body — as it came, decoded, percent-encoded and as a Basic token;
//   - silent(): accepts each connection, reads the request, never answers;
//   - tricklingHeaders(): starts a status line and sends one byte of header a second, forever;
//   - tricklingBody(): sends complete headers, then one byte of body every 200 ms, forever (`after`:
//     only for paths it matches, the stand-in answering the others);
//   - huge(): answers every request 200 with the same 15 MB JSON array of project-like objects;
//   - bigPage(): the stand-in, except that every project list answers 10,000 projects, whatever `limit`
//     (the caller's own first, then made-up ones).
// Each returns its URL and close(), which ends every connection it holds. serveOverHttp() serves any
// stand-in handler so (for the command, which takes a URL).
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createTcpServer } from "node:net";
import { HOSTILE_TEXT, keyForms } from "../hostile-server.js";
import { type Listening, listenOnLoopback } from "../listen.js";
import { standIn } from "./server.js";

/** Its URL and close(), which ends every connection it holds. */
export type HostileServer = Listening;

type Handler = (request: Request) => Promise<Response>;

async function requestOf(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  return new Request(`${origin}${req.url}`, { method: req.method, headers, body });
}

/** Serves `handler` over HTTP; `shape` may rewrite each answer on its way out (status text, headers). */
async function serve(
  handler: Handler,
  shape: (request: Request, res: ServerResponse, response: Response, body: Buffer) => void = (_, res, response, body) => {
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(body);
  },
): Promise<HostileServer> {
  let origin = "";
  const server = createHttpServer(async (req, res) => {
    try {
      const request = await requestOf(req, origin);
      const response = await handler(request.clone());
      shape(request, res, response, Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  const running = await listenOnLoopback(server);
  origin = running.url;
  return running;
}

/** A stand-in handler (test/support/stand-in/) over HTTP on 127.0.0.1, as the command reaches a server. */
export const serveOverHttp = (handler: Handler): Promise<HostileServer> => serve(handler);

/** Every form a credential a request carried can be sent back in: as it came, decoded, percent-encoded,
 * and each form of its user name and password (keyForms: as Basic tokens, percent-encoded, JSON-escaped). */
function echoesOf(request: Request): string[] {
  const authorization = request.headers.get("authorization") ?? "";
  const token = authorization.replace(/^\S+\s+/, "");
  let decoded = "";
  try {
    decoded = Buffer.from(token, "base64").toString("utf8");
  } catch {}
  const user = decoded.split(":")[0] ?? "";
  const password = decoded.split(":").slice(1).join(":");
  const query = new URL(request.url).search;
  const other = ["x-api-key", "api-key", "x-auth-token"].map((name) => request.headers.get(name) ?? "");
  const plain = [authorization, token, decoded, user, password, query, ...other].filter(Boolean);
  return [...new Set([...plain, ...plain.map(encodeURIComponent), ...[user, password].filter(Boolean).flatMap(keyForms)])];
}

/** The stand-in for secret keys of the test's choosing (each taken for one of the stand-in's own keys:
 * `keys` maps a secret to it), sending back every credential it receives. */
export function echoing(keys: Record<string, string>): Promise<HostileServer> {
  const { handler } = standIn();
  const known = new Map(Object.entries(keys).map(([secret, key]) => [`Basic ${btoa(`${secret}:`)}`, `Basic ${btoa(`${key}:`)}`]));
  const asStandInKey: Handler = (request) => {
    const headers = new Headers(request.headers);
    const authorization = headers.get("authorization") ?? "";
    // Only the secrets are keys here: the stand-in's own keys are not.
    headers.set("authorization", known.get(authorization) ?? (authorization ? "Basic bm90LWEta2V5Og==" : ""));
    if (!authorization) headers.delete("authorization");
    return handler(new Request(request, { headers }));
  };
  return serve(asStandInKey, (request, res, response, body) => {
    const echoes = echoesOf(request);
    const said = echoes.join(" ").replace(/[^\t\x20-\x7e]/g, "?");
    const headers = Object.fromEntries(response.headers);
    headers["x-echo"] = said;
    headers.location = `https://elsewhere.invalid/login?key=${encodeURIComponent(echoes[3] ?? "")}&token=${echoes[1] ?? ""}`;
    let text = body.toString("utf8");
    const type = response.headers.get("content-type") ?? "";
    if (/json/.test(type) && text) {
      const value = JSON.parse(text);
      const echo = { echo: echoes, note: HOSTILE_TEXT };
      text = JSON.stringify(Array.isArray(value) ? value.map((item) => ({ ...item, ...echo })) : { ...value, ...echo });
    } else text = `${text}\nyou sent: ${echoes.join(" ")} ${HOSTILE_TEXT}`;
    delete headers["content-length"];
    res.writeHead(response.status, `${response.statusText || "Answered"} for ${said}`.slice(0, 2000), headers);
    res.end(text);
  });
}

export function silent(): Promise<HostileServer> {
  return listenOnLoopback(createTcpServer((socket) => socket.resume()));
}

export function tricklingHeaders(): Promise<HostileServer> {
  return listenOnLoopback(
    createTcpServer((socket) => {
      socket.resume();
      socket.write("HTTP/1.1 200 OK\r\n");
      const timer = setInterval(() => socket.write("x"), 1000);
      socket.on("close", () => clearInterval(timer));
      socket.on("error", () => clearInterval(timer));
    }),
  );
}

/** Complete headers, then a body that never ends, one byte at a time; on the paths `trickles` matches
 * (every path by default), the stand-in answering the others. */
export function tricklingBody(trickles: RegExp = /./): Promise<HostileServer> {
  const { handler } = standIn();
  return serve(handler, (request, res, response, body) => {
    if (!trickles.test(new URL(request.url).pathname)) {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      return void res.end(body);
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.write("[");
    const timer = setInterval(() => res.write(" "), 200);
    res.on("close", () => clearInterval(timer));
  });
}

/** A JSON array of `count` project-like objects (about 750 bytes each). */
export function bigProjectList(count: number): string {
  const items: string[] = [];
  for (let id = 1; id <= count; id++)
    items.push(
      JSON.stringify({
        id: 2_000_000 + id,
        created: "2025-03-02T09:15:00+00:00",
        modified: null,
        title: `Project ${id} ${"of a very long list ".repeat(8)}`.slice(0, 50),
        description: "A project of the hostile server's long list. ".repeat(4),
        created_by: "Dana Whitfield",
        job_code: `J-${id}`,
        ownership: "internal",
        _thumbnails: {
          small: { href: `https://files.pcs.invalid/thumbnails/${id}/small.png` },
          medium: { href: `https://files.pcs.invalid/thumbnails/${id}/medium.png` },
          large: { href: `https://files.pcs.invalid/thumbnails/${id}/large.png` },
        },
      }),
    );
  return `[${items.join(",")}]`;
}

export async function huge(bytes = 15 * 1024 * 1024): Promise<HostileServer> {
  const sample = bigProjectList(100);
  const body = Buffer.from(bigProjectList(Math.floor((bytes / sample.length) * 100)));
  return serve(
    async () => new Response(null),
    (_, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(body.byteLength) });
      res.end(body);
    },
  );
}

/** The stand-in, whose project list answers the projects the caller sees followed by made-up ones,
 * `count` in all, whatever `limit` and `offset` say. */
export async function bigPage(count = 10_000): Promise<HostileServer> {
  const { handler } = standIn();
  const madeUp = bigProjectList(count).slice(1, -1);
  return serve(handler, (request, res, response, body) => {
    const listsProjects = request.method === "GET" && new URL(request.url).pathname === "/projects.json";
    if (listsProjects && response.status === 200) {
      const own = (JSON.parse(body.toString("utf8")) as unknown[]).map((item) => JSON.stringify(item));
      const page = Buffer.from(`[${[...own, madeUp].join(",")}]`);
      res.writeHead(200, { "content-type": "application/json", "content-length": String(page.byteLength) });
      return void res.end(page);
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(body);
  });
}
