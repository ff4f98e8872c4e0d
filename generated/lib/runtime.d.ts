/** True in a web page or a web worker. */
export declare function inBrowser(): boolean;
