import { type Operation } from "./call.js";
export declare const listFiles: Operation;
export declare const listCapturedUrls: Operation;
export declare const listCopy: Operation;
export declare const listCopyRevisions: Operation;
