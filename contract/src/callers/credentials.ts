// Every key a run sends, in one list: the user's keys, and each key a check derives from one of them
// (the wrong key, the key in another case). The redaction of every output is built from this list
// (transport/redact.ts), and a curl line shows each of them as a shell expression of the variable that holds the
// key — `"${PCS_API_KEY}-not-this-one"`, never the value. A check that needs a new derived key adds it
// here, so no output can carry it.

/** Where a client might put a key other than the interface's way: query parameters and headers of its own
 * (checks/authorization.ts sends the key there; the traffic source does not judge, and redacts, what does). */
export const KEY_PARAMETERS = ["api_key", "apikey", "key", "token", "access_token"] as const;
export const KEY_HEADERS = ["x-api-key", "api-key", "x-auth-token"] as const;

/** Who sends a request: the run's key, the second key, a well-formed key of no one, no credential. */
export type CallerName = "key" | "other" | "wrong" | "none";

/** A key a check sends that must be refused: the real key with a suffix (well-formed, and wrong). */
export const wrongKeyOf = (key: string): string => `${key}-not-this-one`;

/** The key with the case of every letter swapped ("aB" → "Ab"). */
export const swapCase = (key: string): string => [...key].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");

export interface SentKey {
  /** The key as sent. */
  value: string;
  /** The same key as a shell expression, to paste inside double quotes. */
  shell: string;
}

/** The keys sent for the key held in the environment variable `variable`, and their shell expressions. */
function keysDerivedFrom(key: string, variable: string): SentKey[] {
  const name = `${"$"}{${variable}}`;
  const through = (tr: string) => `$(printf %s "${name}" | tr ${tr})`;
  return [
    { value: key, shell: name },
    { value: wrongKeyOf(key), shell: `${name}-not-this-one` },
    { value: key.toUpperCase(), shell: through("a-z A-Z") },
    { value: key.toLowerCase(), shell: through("A-Z a-z") },
    { value: swapCase(key), shell: through("a-zA-Z A-Za-z") },
  ];
}

/** Every key a run against this target may send, the user's own first (a derived key that happens to
 * equal the key itself — a key without letters — is shown as the key). */
export function sentKeys(target: { apiKey: string; otherApiKey?: string }): SentKey[] {
  const all = [
    ...keysDerivedFrom(target.apiKey, "PCS_API_KEY"),
    ...(target.otherApiKey ? keysDerivedFrom(target.otherApiKey, "PCS_OTHER_API_KEY") : []),
  ];
  return all.filter((key, index) => all.findIndex((other) => other.value === key.value) === index);
}
