/** The API key of an Authorization header, or undefined when the header is missing or is not
 * `Basic base64("<key>:")` with a non-empty key and an empty password. */
export declare function apiKeyOf(authorization: string | null): string | undefined;
