// createSandbox: the reference sandbox as a fetch function. Every request goes through the same steps:
// route → credential (401) → input against the description (400) → the operation (404, 403, 409, or
// its success). State lives in the returned object, so two sandboxes never share anything.
import { apiKeyOf } from "./credentials.js";
import { DEFAULT_API_KEYS, exampleSeed } from "./example-seed.js";
import { operations } from "./operations/index.js";
import { emptyResponse, jsonResponse, ProblemError, problemResponse } from "./problem.js";
import { readInput } from "./request-input.js";
import { matchRoute } from "./router.js";
import { SandboxState } from "./state.js";
/** A base URL for a client of the in-process sandbox (its fetch): any works, requests never leave the
 * process; this one, under .invalid, could not reach anything if they did. */
export const SANDBOX_BASE_URL = "https://sandbox.invalid/public/api";
/** Methods the fetch API refuses to put in a Request (the sandbox still answers them: 405). */
export const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const WWW_AUTHENTICATE = { "www-authenticate": 'Basic realm="Project Collaboration Service"' };
/** A method or path that is no operation of the description: 405 with Allow on a path that has others, 404 on any other. */
function noOperation(method, pathname) {
    const route = matchRoute(method, pathname);
    const basis = { rule: "whole-interface", status: [] };
    if (route.kind === "method-not-allowed")
        return {
            refused: new ProblemError(405, `${method} is not an operation of ${pathname}.`, undefined, basis),
            headers: { allow: route.allowed.join(", ") },
        };
    return { refused: new ProblemError(404, `No operation of the API has the path ${pathname}.`, undefined, basis) };
}
/**
 * The sandbox's answer to `request`, from `state`: route → credential (401) → input against the
 * description (400) → the operation (404, 403, 409, or its success). `identify` names the account of an
 * API key (undefined: no such key). A bug of the sandbox is thrown, not answered.
 */
export async function answerRequest(state, request, identify, now) {
    const { pathname } = new URL(request.url);
    const method = request.method.toUpperCase();
    const route = matchRoute(method, pathname);
    if (route.kind !== "found")
        return noOperation(method, pathname);
    try {
        const key = apiKeyOf(request.headers.get("authorization"));
        const caller = identify(key);
        if (!caller?.active) {
            const detail = key === undefined
                ? "Authentication is required: send your API key as the user name of HTTP Basic authentication, with an empty password."
                : "The API key is not valid.";
            return {
                refused: new ProblemError(401, detail, undefined, { rule: "identified-callers", status: ["refusal-statuses", "www-authenticate"] }),
                headers: WWW_AUTHENTICATE,
            };
        }
        const input = await readInput(request, route.operation, route.pathValues);
        return operations[route.operation.operationId]({ state, caller, input, now });
    }
    catch (error) {
        if (error instanceof ProblemError)
            return { refused: error };
        throw error;
    }
}
export function createSandbox(options = {}) {
    const seed = structuredClone(options.seed ?? exampleSeed());
    const apiKeys = new Map(Object.entries(options.apiKeys ?? DEFAULT_API_KEYS));
    for (const [, userId] of apiKeys) {
        const user = seed.users.find((u) => u.id === userId);
        if (!user || user.organization === null || !seed.organizations.some((o) => o.id === user.organization)) {
            // Never quote the key itself: it may be a real one.
            throw new TypeError(`createSandbox: an API key maps to account ${userId}, which is not a seeded user of a seeded organization`);
        }
    }
    const clock = options.now ?? (() => new Date());
    const now = () => clock()
        .toISOString()
        .replace(/\.\d{3}Z$/, "+00:00");
    let state = new SandboxState(seed, options.limits);
    const identify = (key) => (key === undefined ? undefined : state.users.get(apiKeys.get(key) ?? -1));
    async function handle(request) {
        const { pathname } = new URL(request.url);
        try {
            const answer = await answerRequest(state, request, identify, now);
            if ("refused" in answer)
                return problemResponse(answer.refused, pathname, answer.headers);
            return answer.status === 204 ? emptyResponse(204) : jsonResponse(answer.status, answer.body);
        }
        catch (error) {
            if (request.signal.aborted && error === request.signal.reason)
                throw error; // the caller's abort, as fetch rejects
            // A bug of the sandbox: answered as the description says a server failure is, without internals.
            options.onError?.(error);
            return problemResponse(new ProblemError(500, "The sandbox failed to handle the request."), pathname);
        }
    }
    return {
        async fetch(input, init) {
            let request;
            try {
                request = new Request(input, init);
            }
            catch (error) {
                // TRACE, CONNECT and TRACK cannot be a Request: answered as any method without an operation is.
                const method = String(init?.method ?? "").toUpperCase();
                if (!FORBIDDEN_METHODS.has(method))
                    throw error;
                const { pathname } = new URL(input instanceof Request ? input.url : String(input));
                const refused = noOperation(method, pathname);
                return problemResponse(refused.refused, pathname, refused.headers);
            }
            request.signal.throwIfAborted(); // as fetch does: an aborted signal rejects with its reason
            return handle(request);
        },
        reset() {
            state = new SandboxState(seed, options.limits);
        },
        sentEmails: () => [...state.sentEmails],
        snapshot: () => state.toSeed(),
    };
}
