// For the `bundler` check only: the little of Node.js the consumer and the README examples touch,
// declared by hand, so that project needs only the DOM library, as a browser application's would.
declare const process: { env: Record<string, string | undefined> };
declare module "node:fs" {
  export function readFileSync(path: URL, encoding: "utf8"): string;
}
interface ImportMeta {
  resolve(specifier: string): string;
}
