// Finds the operation of the description a request is for. Paths are matched at the end of the URL's
// path, so the sandbox answers under any base URL: "https://x.invalid/public/api/projects.json" and,
// behind Prism's proxy, "http://127.0.0.1:4011/projects.json" both reach listProjects.
import { operations } from "./description.js";
/** The build wrote each template's pattern (scripts/lib/openapi.mjs pathPattern); matched at the URL's end. */
const routeOf = (operation) => ({
    operation,
    pattern: new RegExp(`${operation.pattern.source}$`),
    names: operation.pattern.names,
});
// Longest template first, so that a path is matched by the most specific template that fits it.
const routes = operations.map(routeOf).sort((a, b) => b.operation.path.length - a.operation.path.length);
export function matchRoute(method, pathname) {
    const allowed = [];
    let matchedPath;
    for (const route of routes) {
        if (matchedPath !== undefined && route.operation.path !== matchedPath)
            continue;
        const match = route.pattern.exec(pathname);
        if (!match)
            continue;
        matchedPath = route.operation.path;
        if (route.operation.method !== method) {
            allowed.push(route.operation.method);
            continue;
        }
        const pathValues = Object.fromEntries(route.names.map((name, i) => [name, match[i + 1]]));
        return { kind: "found", operation: route.operation, pathValues };
    }
    return allowed.length > 0 ? { kind: "method-not-allowed", allowed } : { kind: "not-found" };
}
