// A stand-in's handler served on a real socket (127.0.0.1, a free port), as a real server answers: the
// checker's network (node:http, its decoding) is then the one a user's run goes through. With `gzip`,
// every answer with content is compressed when the request accepts gzip, as a server's middleware does.
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import type { Handler } from "./documented-only.js";

/** `spell`: each header name and the coding's name written another way (their case carries no meaning:
 * RFC 9110 §5.1 and §8.4.1), as a server's own stack may write them. */
export async function overHttp(
  handler: Handler,
  options: { gzip?: boolean; spell?: (name: string) => string } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const spell = options.spell ?? ((name: string) => name);
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
    const method = incoming.method ?? "GET";
    const body = chunks.length && method !== "GET" && method !== "HEAD" ? Buffer.concat(chunks) : undefined;
    const answer = await handler(new Request(`http://stand-in.invalid${incoming.url}`, { method, headers, ...(body && { body }) }));
    let content = Buffer.from(await answer.arrayBuffer());
    const sent: Record<string, string> = {};
    answer.headers.forEach((value, name) => (sent[name] = value));
    const hasContent = content.length > 0 && answer.status !== 204 && answer.status !== 304;
    if (options.gzip && hasContent && /\bgzip\b/.test(incoming.headers["accept-encoding"] ?? "")) {
      content = gzipSync(content);
      sent["content-encoding"] = spell("gzip");
      sent.vary = "Accept-Encoding";
    }
    if (answer.status !== 204 && answer.status !== 304) sent["content-length"] = String(content.length);
    outgoing.writeHead(answer.status, Object.fromEntries(Object.entries(sent).map(([name, value]) => [spell(name), value])));
    outgoing.end(method === "HEAD" ? undefined : content);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
