/** Builds the Authorization header value. Throws without ever quoting the key. */
export declare function basicAuthorization(apiKey: string): string;
