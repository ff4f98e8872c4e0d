// The one way a test server of its own starts and stops: on a free port of 127.0.0.1, and closed with
// every connection it still holds (a server that hangs or trickles on purpose keeps them open, and
// server.close() alone would wait for them forever).
import type { Server as HttpServer } from "node:http";
import type { AddressInfo, Server, Socket } from "node:net";

export interface Listening {
  /** http://127.0.0.1:<port> (https: for a TLS server), without a trailing slash. */
  url: string;
  /** Destroys every open connection, then closes the server. */
  close(): Promise<void>;
}

export async function listenOnLoopback(server: Server | HttpServer, scheme: "http" | "https" = "http"): Promise<Listening> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
