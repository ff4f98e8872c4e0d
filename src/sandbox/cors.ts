// Which web pages may call the HTTP sandbox (`npm run sandbox`, `pcs sandbox`): the pages of this
// machine — loopback origins such as http://localhost:5173 (a developer's own app) — and the reference
// opened from disk (a file:// page sends `Origin: null`; so does a sandboxed iframe, which is why
// `null` can be refused with `nullOrigin: false`). Any other site is refused: its pages could otherwise
// drive the sandbox with the published keys. More origins are added by name, or all with "*".
import { isLoopbackName } from "./loopback.js";

export interface CorsOptions {
  /** Origins allowed besides the loopback ones, exactly as browsers send them ("https://app.example"), or "*". */
  origins?: readonly string[];
  /** Allow `Origin: null` (the reference opened from disk). Default true. */
  nullOrigin?: boolean;
}

export function corsAllows(origin: string, { origins = [], nullOrigin = true }: CorsOptions = {}): boolean {
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
  return `Requests from pages of ${origin.slice(0, 200)} are refused: this sandbox answers pages of this machine (loopback origins) and the reference opened from disk. Start it with --cors-origin <origin> to allow another.`;
}
