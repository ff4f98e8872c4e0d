// The credential the description names (securitySchemes.ApiKeyBasic): HTTP Basic with the API key as
// the user name and an empty password, i.e. `Basic base64("<api key>:")`.

/** Builds the Authorization header value. Throws without ever quoting the key. */
export function basicAuthorization(apiKey: string): string {
  if (typeof apiKey !== "string" || apiKey.length === 0) {
    throw new TypeError("createClient: apiKey must be a non-empty string");
  }
  // RFC 7617: the user-id of Basic credentials cannot contain a colon.
  if (apiKey.includes(":")) throw new TypeError("createClient: apiKey must not contain ':'");
  // btoa only takes Latin-1 code units: encode as UTF-8 first, as RFC 7617 recommends.
  const bytes = new TextEncoder().encode(`${apiKey}:`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
