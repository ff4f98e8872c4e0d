// Which tools a server offers: read tools always; write tools only with allowWrites; narrowed by
// operation names and tags (a tool is kept when either list names it). Every name and tag must exist,
// so a typo is an error rather than a server with fewer tools than meant.
import type { OperationTool } from "./operations.js";

export class UsageError extends Error {
  override name = "UsageError";
}

export interface Selection {
  /** Offer the tools that change data (every method but GET and HEAD). Default false. */
  allowWrites?: boolean;
  /** Only these operations (by operationId)… */
  tools?: readonly string[];
  /** …or the operations of these tags. Neither given: every operation. */
  tags?: readonly string[];
}

/**
 * Why this server does not send `tool`'s request, or undefined when it does: the one rule for a tool
 * call and for every request an `execute` program makes. `offered` names the selected tools.
 */
export function refusalOf(
  tool: OperationTool,
  offered: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  allowWrites = false,
): string | undefined {
  if (offered.has(tool.name)) return undefined;
  return tool.writes && !allowWrites
    ? `${tool.name} changes data and this server is read-only: start it with --allow-writes to offer it.`
    : `${tool.name} is not among the tools this server was started with (--tools, --tags).`;
}

export function selectTools(all: readonly OperationTool[], selection: Selection = {}): OperationTool[] {
  const { allowWrites = false, tools, tags } = selection;
  const unknownTools = (tools ?? []).filter((name) => !all.some((t) => t.name === name));
  if (unknownTools.length)
    throw new UsageError(`unknown tool ${unknownTools.join(", ")}; the tools are ${all.map((t) => t.name).join(", ")}`);
  const allTags = [...new Set(all.flatMap((t) => t.tags))];
  const unknownTags = (tags ?? []).filter((tag) => !allTags.includes(tag));
  if (unknownTags.length) throw new UsageError(`unknown tag ${unknownTags.join(", ")}; the tags are ${allTags.join(", ")}`);
  const namedWrites = (tools ?? []).filter((name) => all.find((t) => t.name === name)!.writes);
  if (namedWrites.length && !allowWrites) {
    throw new UsageError(
      `${namedWrites.join(", ")} change${namedWrites.length > 1 ? "" : "s"} data: add --allow-writes to offer ${namedWrites.length > 1 ? "them" : "it"}`,
    );
  }
  const filtered = tools === undefined && tags === undefined;
  return all.filter(
    (tool) =>
      (allowWrites || !tool.writes) &&
      (filtered || (tools ?? []).includes(tool.name) || tool.tags.some((tag) => (tags ?? []).includes(tag))),
  );
}
