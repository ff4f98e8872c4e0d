// Which web pages may call the HTTP sandbox (`npm run sandbox`, `pcs sandbox`): the pages of this
// machine — loopback origins such as http://localhost:5173 (a developer's own app). Any other site is
// refused: its pages could otherwise drive the sandbox with the published keys. More origins are added
// by name (checked by corsOriginProblem, the one rule of both commands' --cors-origin), or all with "*".
// `Origin: null` is refused unless the user allows it (`nullOrigin`, --allow-null-origin): the reference
// opened from disk sends it, but so does any site's sandboxed iframe, so allowing it lets every site read,
// create and delete in the sandbox.
import { isLoopbackName } from "./loopback.js";

export interface CorsOptions {
  /** Origins allowed besides the loopback ones, exactly as browsers send them ("https://app.example"), or "*". */
  origins?: readonly string[];
  /** Allow `Origin: null`: the reference opened from disk, and any site's sandboxed iframe. Default false. */
  nullOrigin?: boolean;
}

export function corsAllows(origin: string, { origins = [], nullOrigin = false }: CorsOptions = {}): boolean {
  if (origins.includes("*") || origins.includes(origin)) return true;
  if (origin === "null") return nullOrigin;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && isLoopbackName(url.hostname);
  } catch {
    return false;
  }
}

/** The answer to an allowed preflight: the methods and headers of this API. */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-methods": "GET, POST, PATCH, DELETE",
  "access-control-allow-headers": "authorization, content-type, accept, prefer",
  "access-control-max-age": "600",
};

export function refusedOriginDetail(origin: string): string {
  return origin === "null"
    ? "Requests from pages without an origin (Origin: null: a page opened from disk, or any site's sandboxed iframe) are refused: start the sandbox with --allow-null-origin to allow them, and with them every site."
    : `Requests from pages of ${origin.slice(0, 200)} are refused: this sandbox answers pages of this machine (loopback origins). Start it with --cors-origin <origin> to allow another.`;
}

/** Why `origin` cannot be allowed by --cors-origin, or undefined when it can: an origin exactly as a
 * browser sends it (http or https, host, port unless the default; no path), or "*". */
export function corsOriginProblem(origin: string): string | undefined {
  if (origin === "*") return undefined;
  let url: URL | undefined;
  try {
    url = origin.length <= 300 ? new URL(origin) : undefined;
  } catch {}
  if (url && (url.protocol === "http:" || url.protocol === "https:") && url.origin === origin) return undefined;
  const shown = JSON.stringify(origin.length > 100 ? `${origin.slice(0, 100)}…` : origin);
  return `--cors-origin must be an origin as a browser sends it, such as https://app.example (no path, no trailing slash), or *, not ${shown}`;
}
