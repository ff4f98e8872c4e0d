import { type DescribedOperation } from "./description.js";
export type RouteMatch = {
    kind: "found";
    operation: DescribedOperation;
    pathValues: Record<string, string>;
} | {
    kind: "method-not-allowed";
    allowed: string[];
} | {
    kind: "not-found";
};
export declare function matchRoute(method: string, pathname: string): RouteMatch;
