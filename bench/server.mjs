// The one HTTP server every contender calls: node:http on 127.0.0.1, in this process, keep-alive on.
// It answers the two operations the request benchmark uses with the description's own examples, so
// every client parses the same bytes; it refuses a request without Basic credentials so a contender
// that silently dropped its auth header would fail the sanity check instead of looking fast.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";

const BASE_PATH = "/public/api";

function examples() {
  const doc = JSON.parse(readFileSync(new URL("../generated/openapi.json", import.meta.url), "utf8"));
  const value = (name) => doc.components.examples[name].value;
  return {
    project: Buffer.from(JSON.stringify(value("Project"))),
    projectList: Buffer.from(JSON.stringify(value("ProjectList"))),
  };
}

export async function startServer() {
  const bodies = examples();
  const unauthorized = Buffer.from(JSON.stringify({ title: "Unauthorized", status: 401 }));
  let served = 0;
  const server = createServer({ keepAlive: true }, (req, res) => {
    served++;
    const url = req.url ?? "";
    const send = (status, body, type = "application/json") => {
      res.writeHead(status, { "content-type": type, "content-length": body.length });
      res.end(body);
    };
    if (!req.headers.authorization?.startsWith("Basic ")) return send(401, unauthorized, "application/problem+json");
    if (url.startsWith(`${BASE_PATH}/projects.json`)) return send(200, bodies.projectList);
    if (/^\/public\/api\/projects\/\d+\.json$/.test(url)) return send(200, bodies.project);
    send(404, Buffer.from(JSON.stringify({ title: "Not Found", status: 404 })), "application/problem+json");
  });
  // Long keep-alive so no connection is closed between rounds and reconnect cost never lands on one contender.
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    baseUrl: `http://127.0.0.1:${port}${BASE_PATH}`,
    served: () => served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
