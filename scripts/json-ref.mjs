// Local $refs of a bundled description ("#/components/…"): the one resolver of the build scripts and
// the docs plugins (the tests have theirs in test/support/openapi.ts, bound to the bundle they load).

/** Follows local $refs from `node` until a value that is not a $ref. */
export function resolveRef(document, node) {
  let current = node;
  const seen = new Set();
  while (current && typeof current === "object" && typeof current.$ref === "string") {
    if (!current.$ref.startsWith("#/")) throw new Error(`only local $refs are supported, got ${current.$ref}`);
    if (seen.has(current.$ref)) throw new Error(`circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    const keys = current.$ref.slice(2).split("/").map((key) => key.replace(/~1/g, "/").replace(/~0/g, "~"));
    current = keys.reduce((at, key) => at?.[key], document);
    if (current === undefined) throw new Error(`unresolvable $ref ${[...seen].pop()}`);
  }
  return current;
}
