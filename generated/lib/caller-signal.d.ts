/** Makes one call of the client (`send`), saying whether it was given a signal. The flag is set for
 * this call alone, even when a middleware's onRequest starts another call before this one's fetch. */
export declare function callNoting<T>(givenSignal: boolean, send: () => T): T;
/** True when the fetch running now serves a call given no signal; lowers the flag. */
export declare function takeNoSignalFlag(): boolean;
