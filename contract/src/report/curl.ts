// A request as a `curl` line to paste: the key as $PCS_API_KEY (or $PCS_OTHER_API_KEY), never in clear.
import type { Target } from "../target.js";
import type { Exchange } from "../transport.js";
import type { Redact } from "../redact.js";

const quote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`, "utf8").toString("base64")}`;

export function curlOf(exchange: Exchange, target: Target, redact: Redact): string {
  const parts = ["curl", "-sS", "-i"];
  if (exchange.method !== "GET") parts.push("-X", exchange.method);
  parts.push(quote(redact(exchange.url)));
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (name === "authorization") {
      if (value === basic(target.apiKey)) parts.push("-u", '"$PCS_API_KEY:"');
      else if (target.otherApiKey && value === basic(target.otherApiKey)) parts.push("-u", '"$PCS_OTHER_API_KEY:"');
      else parts.push("-H", quote(`authorization: ${redact(value)}`));
      continue;
    }
    if (name === "accept" || name === "content-length") continue;
    parts.push("-H", quote(`${name}: ${redact(value)}`));
  }
  if (exchange.requestBody !== undefined) parts.push("--data-raw", quote(redact(exchange.requestBody)));
  return parts.join(" ");
}
