import { type Operation } from "./call.js";
export declare const listGroups: Operation;
export declare const getGroup: Operation;
