// A response body is read only up to maxResponseBytes: a server that sends an endless or huge body
// (or a small compressed one that inflates) ends the call with ResponseTooLargeError instead of
// filling memory. openapi-fetch reads every body through the Response it is given (text(), json(),
// blob()… or `body` for parseAs "stream"), so a body that needs counting is handed to it in a copy of
// the Response whose stream counts; that stream also tells the attempt's timer when the body is over.
import { guardUntilRead } from "./call-tracking.js";
import { copyResponse } from "./response-copy.js";
/** Large enough for any answer of this API (a full page of 100 items is a few hundred kB), small
 * enough that even several calls to a hostile server at once stay far from exhausting memory. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16_777_216; // 16 MiB
/** Thrown by a call (or by reading a streamed body) whose response body is larger than `maxResponseBytes`. */
export class ResponseTooLargeError extends Error {
    status;
    maxResponseBytes;
    name = "ResponseTooLargeError";
    constructor(
    /** The HTTP status of the response. */
    status, 
    /** The limit it went over: the client's `maxResponseBytes`. */
    maxResponseBytes) {
        super(`The response (status ${status}) has a body larger than maxResponseBytes (${maxResponseBytes} bytes); the rest was not read`);
        this.status = status;
        this.maxResponseBytes = maxResponseBytes;
    }
}
/** `response` with a body that errors once more than maxBytes arrive; `done` runs once the body has
 * been read, has failed or is cancelled — or at once when there is nothing to read. */
export function boundBody(response, maxBytes, done) {
    const source = response.body;
    if (source === null) {
        done();
        return response;
    }
    const declared = response.headers.get("Content-Length");
    // fetch delivers no more of an unencoded body than its Content-Length, so within the limit it needs
    // no count (the usual answer, read without a second stream); its timer stops once the call is done.
    if (declared !== null && /^\d+$/.test(declared) && Number(declared) <= maxBytes && !response.headers.has("Content-Encoding")) {
        guardUntilRead(response, done);
        return response;
    }
    let reader;
    let received = 0;
    const tooLarge = () => new ResponseTooLargeError(response.status, maxBytes);
    const stop = (controller, error) => {
        done();
        (reader ?? source).cancel(error).catch(() => { });
        controller.error(error);
    };
    const counted = new ReadableStream({
        async pull(controller) {
            // An announced length over the limit is refused before a byte is read.
            if (reader === undefined && declared !== null && Number(declared) > maxBytes)
                return stop(controller, tooLarge());
            reader ??= source.getReader();
            let chunk;
            try {
                chunk = await reader.read();
            }
            catch (error) {
                done();
                throw error;
            }
            if (chunk.done) {
                done();
                return controller.close();
            }
            received += chunk.value.byteLength;
            if (received > maxBytes)
                return stop(controller, tooLarge());
            controller.enqueue(chunk.value);
        },
        cancel(reason) {
            done();
            return (reader ?? source).cancel(reason);
        },
    }, 
    // Nothing is read before the consumer asks for it.
    { highWaterMark: 0 });
    return copyResponse(response, counted);
}
