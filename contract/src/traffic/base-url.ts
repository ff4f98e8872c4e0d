// The service root a recording's traffic went to, when the user does not give it: the origin and path
// prefix under which the most exchanges are to a path of this interface ("/projects/7.json").
import { operations } from "../description/description.js";
import * as toolkit from "../toolkit/openapi.mjs";

const patterns = operations().map((op) => new RegExp(`^${toolkit.pathPattern(op.path).source}$`));

export function inferBaseUrl(urls: readonly string[]): string | undefined {
  const votes = new Map<string, number>();
  for (const text of urls) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      continue;
    }
    const path = url.pathname;
    for (let at = path.indexOf("/"); at >= 0; at = path.indexOf("/", at + 1))
      if (patterns.some((pattern) => pattern.test(path.slice(at)))) {
        const base = `${url.origin}${path.slice(0, at)}`;
        votes.set(base, (votes.get(base) ?? 0) + 1);
        break;
      }
  }
  return [...votes].sort((a, b) => b[1] - a[1])[0]?.[0];
}
