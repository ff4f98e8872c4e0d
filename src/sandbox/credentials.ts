// The credential the description names (securitySchemes.ApiKeyBasic): HTTP Basic whose user name is
// the API key and whose password is empty. Only the key is returned; nothing here ever quotes it.

/** The API key of an Authorization header, or undefined when the header is missing or is not
 * `Basic base64("<key>:")` with a non-empty key and an empty password. */
export function apiKeyOf(authorization: string | null): string | undefined {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(authorization ?? "");
  if (!match) return undefined;
  let decoded: string;
  try {
    // RFC 7617: the user-pass is UTF-8; `fatal` refuses bytes that are not.
    const bytes = Uint8Array.from(atob(match[1]!), (c) => c.charCodeAt(0));
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(":");
  if (colon <= 0) return undefined; // no colon, or an empty key
  if (decoded.length > colon + 1) return undefined; // a password: the description says it is empty
  return decoded.slice(0, colon);
}
