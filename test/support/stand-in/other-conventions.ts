// A server as faithful to the service's documented facts as the documented-only stand-in, refusing by
// other conventions the interface allows (it shows no error codes, bodies or challenges): a missing or
// wrong key gets 403 with no challenge, invalid input 422, and every error is {"message": …} — the
// checker's documented level must pass it, and its full level fail it only on assumptions.
import type { Handler } from "./documented-only.js";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export function otherConventions(handler: Handler): Handler {
  return async (request) => {
    const response = await handler(request);
    if (response.status < 400) return response;
    const text = await response.text();
    let message = text.trim() || "Error";
    try {
      const parsed = JSON.parse(text) as { detail?: string; title?: string; message?: string; error?: string };
      message = parsed.detail ?? parsed.message ?? parsed.error ?? parsed.title ?? message;
    } catch {}
    const status = response.status === 401 ? 403 : response.status === 400 ? 422 : response.status;
    return json(status, { message });
  };
}
