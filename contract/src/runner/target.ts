// The server a run checks, and what the checker may do with it.
export interface Target {
  /** For messages: "https://pcs.example.com/public/api", "the in-process sandbox". Never holds a credential. */
  name: string;
  /** The service root, without a trailing slash: paths of the description are appended to it. */
  baseUrl: string;
  apiKey: string;
  /** The Prism mock of this description: it honours `Prefer` and serves examples, keeps no state, takes any well-formed key. */
  isMock: boolean;
  /** Keeps what is written (a created project is there on the next read). */
  stateful: boolean;
  /** The checker may create, change and delete (on a real server only when the user opted in). */
  allowWrites: boolean;
  /** Tells one valid key from another well-formed one (Prism cannot know keys). */
  checksKeys: boolean;
  /** Its data may be changed freely (the mock, the sandbox, a stand-in; a user's server only when the
   * user declares it, `declaredDisposable`). */
  disposable: boolean;
  /** Disposable by the user's word (--disposable: a fresh instance in CI): its mail may reach people, so
   * it is invited only the invite address and sub-addresses of it (RFC 5233), never an address it holds. */
  declaredDisposable?: boolean;
  /** A second user, not a company administrator, for the checks of who may see and do what. */
  otherApiKey?: string;
  /** The only address a user may be added by (the service emails it). */
  inviteEmail?: string;
  /** Send requests through this instead of the network (the in-process sandbox). */
  fetch?: (request: Request) => Promise<Response>;
}

/** Ids of resources the API key can see, discovered through the API before any check. Any of them may
 * be missing (the server failed that list, or the account holds no such thing): a check that needs a
 * missing id is not checked, with `missing` saying why. */
export interface Ids {
  project_id?: number;
  copy_id?: number;
  user_id?: number;
  group_id?: number;
  /** The only copy found has its project's id, so a server that reads one id for the other is not caught. */
  copySharesProjectId: boolean;
  /** Why each missing id is missing. */
  missing: Partial<Record<"project_id" | "copy_id" | "user_id" | "group_id", string>>;
}

export const REASON_PREFER =
  "needs the mock's Prefer header to choose the response, which a real server ignores: the mock (--target mock) checks it";
export const REASON_MUTATES = "would change data on the server (allow writes with --allow-writes or PCS_ALLOW_WRITES=1)";
export const REASON_OTHER_KEY = "needs a second user's key (PCS_OTHER_API_KEY: the key of a user who is not a company administrator)";
