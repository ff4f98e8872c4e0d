// Between Prism's validating proxy and the server it checks (scripts/servers/prism-process.mjs puts it there
// for every proxy): Prism reads the server's whole answer into memory before it checks it, with no
// limit, so a server that sends an endless or huge body would take all of it. The relay passes answers
// through unchanged up to MAX_ANSWER_BYTES and cuts off the connection beyond (Prism then fails to
// read the answer, which the guard in front reports as 502). A redirect is never passed on: Prism would
// follow it itself, with the caller's Authorization, to wherever it points (another port, another
// host) and hand back that server's answer as the upstream's; the relay cuts the connection instead
// (502 from the guard) and says on stderr which redirect it refused.
import { createServer, request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

/** Far above any answer of the API (a page of 100 projects is well under a megabyte). */
export const MAX_ANSWER_BYTES = 50 * 1024 * 1024;

/** Listens on a free loopback port; resolves with the URL to give Prism instead of `upstream`. */
export function startUpstreamRelay(
  upstream,
  { maxBytes = MAX_ANSWER_BYTES, onRefused = (line) => process.stderr.write(`contract:proxy: ${line}\n`) } = {},
) {
  const target = new URL(upstream);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const server = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers, host: target.host };
    const forwarded = send(
      { protocol: target.protocol, hostname: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        const status = answer.statusCode ?? 502;
        if (status >= 300 && status < 400 && answer.headers.location !== undefined) {
          onRefused(`${incoming.method} ${incoming.url} answered ${status} (a redirect): not followed, not passed on`);
          answer.destroy();
          return void outgoing.destroy();
        }
        if (Number(answer.headers["content-length"] ?? 0) > maxBytes) {
          answer.destroy();
          return void outgoing.destroy();
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        let size = 0;
        answer.on("data", (chunk) => {
          size += chunk.length;
          if (size > maxBytes) {
            answer.destroy();
            outgoing.destroy(); // Prism gets a cut-off answer instead of an unbounded one
          }
        });
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    outgoing.on("close", () => forwarded.destroy());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const base = new URL(target.href);
      const relayed = `http://127.0.0.1:${server.address().port}${base.pathname === "/" ? "" : base.pathname.replace(/\/$/, "")}`;
      resolve({
        url: relayed,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
