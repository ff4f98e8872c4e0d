// How the project's own HTTP servers (the Prism guard, the sandbox's server) listen: on the port and
// host given, answering with a problem what node:http refuses before any handler runs, and resolving
// to their URL and a close() that ends open connections too.

/** Answers what node:http refuses before any handler runs (an unknown method, headers over 16 KB, a
 * request too slow) with a problem too, instead of its bare status line. */
export function answerClientErrors(server) {
  server.on("clientError", (error, socket) => {
    if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
    const [status, title] =
      error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large"]
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? [408, "Request Timeout"]
          : [400, "Bad Request"];
    const body = JSON.stringify({ type: "about:blank", title, status, detail: "The request is not HTTP this server can read." });
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}

/** Listens, then resolves to { url, port, close }; rejects with the listen error (EADDRINUSE…). */
export function listen(server, port, host) {
  answerClientErrors(server);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.removeListener("error", reject);
      const { port: actual } = server.address();
      resolve({
        url: `http://${host.includes(":") ? `[${host}]` : host}:${actual}`,
        port: actual,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
