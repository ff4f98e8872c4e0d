// What the checker prints or writes never carries a credential: the package's one redaction policy
// (@project-collaboration/api's createRedactor: every form of each key, whatever its length, and the
// user info of any URL).
import { createRedactor, credentialForms, type Redactor } from "@project-collaboration/api";

export type Redact = Redactor;

export function createRedact(keys: readonly (string | undefined)[]): Redact {
  return createRedactor(keys.flatMap((key) => (key ? credentialForms(key) : [])));
}

/** A base URL with a user name or password is refused: the checker would print it, and the key is the credential. */
export { hasUserInfo as userInfoOf } from "@project-collaboration/api";
