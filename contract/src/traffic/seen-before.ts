// Projects made before the recording began: the model does not know who may see them, but the traffic
// can contradict itself about them. A project listed to a caller is one it may see; the same caller
// refused it by id (404, 403), with no write to that project in between, is told two things at once —
// the stated rule (visible when added) fails, whichever answer was the wrong one.
import type { Finding } from "../model/ledger.js";
import type { CallerName } from "../sequences/steps.js";
import type { Exchange } from "../transport/transport.js";

const REFUSED_SIGHT = new Set([403, 404]);

export class SeenBefore {
  /** "caller project" → the latest sighting: listed (visible) or refused by id, since the last write. */
  private readonly sight = new Map<string, { visible: boolean; exchange: Exchange; role?: string }>();

  constructor(private readonly found: (finding: Finding) => void) {}

  /** An exchange about a project made before the recording (`getProject` and the rest). */
  observe(caller: CallerName, role: string, project: number, operation: string, exchange: Exchange, overlapped: ReadonlySet<string>): void {
    if (exchange.method.toUpperCase() !== "GET") {
      // A write may change who sees it: what was seen before no longer holds.
      for (const key of [...this.sight.keys()]) if (key.endsWith(` ${project}`)) this.sight.delete(key);
      return;
    }
    if (operation !== "getProject" || overlapped.has(`project ${project}`) || caller === "none" || caller === "wrong") return;
    const visible = exchange.status === 200 ? true : REFUSED_SIGHT.has(exchange.status) ? false : undefined;
    if (visible !== undefined) this.see(caller, project, visible, exchange, role);
  }

  /** A list served to the caller: each project in it is one it may see. */
  listed(
    caller: CallerName,
    items: unknown[],
    exchange: Exchange,
    overlapped: ReadonlySet<string>,
    madeHere: (id: number) => boolean,
  ): void {
    for (const item of items) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === "number" && !madeHere(id) && !overlapped.has(`project ${id}`)) this.see(caller, id, true, exchange);
    }
  }

  private see(caller: CallerName, project: number, visible: boolean, exchange: Exchange, role?: string): void {
    const key = `${caller} ${project}`;
    const before = this.sight.get(key);
    this.sight.set(key, { visible, exchange, ...((role ?? before?.role) && { role: role ?? before?.role }) });
    if (!before || before.visible === visible) return;
    const [listed, refused] = visible ? [exchange, before.exchange] : [before.exchange, exchange];
    this.found({
      operation: "getProject",
      role: `${role ?? before.role ?? caller}, on a project made before the recording`,
      rule: "visible-when-added",
      problem: `project ${project} is in the caller's list (${listed.method} ${listed.url} → ${listed.status}) and refused to the same caller by id (${refused.method} ${refused.url} → ${refused.status}), with no write to it in between`,
      exchange,
      reproduction: visible ? [refused, listed] : [listed, refused],
      status: exchange.status,
    });
  }
}
