// Compares two bundled descriptions (the last released one and the current one) and classifies every
// change as breaking, non-breaking or annotation (documentation only), per operation and field.
// The differ is api-smart-diff (why: scripts/release/README.md), run in-process on the two parsed
// documents; policy.mjs adjusts its verdicts where this package's types make a difference.
import { apiCompare } from "api-smart-diff";
import { describeChange, operationOf } from "./describe-change.mjs";
import { classify } from "./policy.mjs";

/** @typedef {"breaking" | "non-breaking" | "annotation"} Classification */
/**
 * @typedef {object} Change
 * @property {Classification} classification
 * @property {string} operation  "GET /projects.json", a path, "components" or "document"
 * @property {string} text       where and what, e.g. "response 200 body: property `[].job_code` removed"
 * @property {string} [reason]   why the classification differs from the differ's, when it does
 * @property {(string|number)[]} path  the JSON path of the change in the documents
 */

/**
 * Which of the differ's diffs to keep. Inside `paths` every change is seen from the operation that
 * uses it, with the direction (request or response) that decides whether it breaks. The differ also
 * reports the same changes once more inside `components`, without that direction; those copies are
 * dropped, except a whole component added or removed (the package exports the `components` type).
 * `info.version` differs at every release by design.
 */
function inScope(path) {
  if (path[0] === "info" && path[1] === "version") return false;
  if (path[0] === "components") return path.length <= 3;
  return true;
}

const ORDER = { breaking: 0, "non-breaking": 1, annotation: 2 };

/**
 * @param {object} before the last released bundle
 * @param {object} after  the current bundle
 * @returns {Change[]} breaking first, then by operation
 */
export function compareDescriptions(before, after) {
  // api-smart-diff rewrites the documents it is given (it resolves and normalises them in place):
  // it gets copies, so a caller's bundle — shared by every test file of a worker — stays as it was.
  const { diffs, merged } = apiCompare(structuredClone(before), structuredClone(after));
  const renamed = new Map(
    diffs.filter((d) => d.action === "rename" && d.path.length === 1 && d.path[0] === "paths").map((d) => [d.before, d.after]),
  );
  const changes = [];
  for (const diff of diffs) {
    if (!inScope(diff.path)) continue;
    const decided = classify(diff, before, after);
    let classification = decided.type;
    let reason = decided.reason;
    if (classification === "deprecated") classification = "non-breaking"; // still works; announced
    if (classification === "unclassified") {
      // Fail safe: what the differ cannot judge costs a version number until a rule says otherwise.
      classification = "breaking";
      reason = "unclassified by the differ, so treated as breaking until a rule in scripts/release/policy.mjs says otherwise";
    }
    changes.push({
      classification,
      operation: operationOf(diff.path, diff),
      text: describeChange(diff, merged, renamed),
      ...(reason ? { reason } : {}),
      path: diff.path,
    });
  }
  return changes.sort((a, b) => ORDER[a.classification] - ORDER[b.classification] || a.operation.localeCompare(b.operation));
}

/** The most severe classification among the changes, or null when there are none. */
export function overall(changes) {
  if (changes.length === 0) return null;
  return changes.reduce((worst, change) => (ORDER[change.classification] < ORDER[worst] ? change.classification : worst), "annotation");
}
