// Updates of one project whose recorded times overlap: the server took them in an order the recording
// does not show (the judge applies them in the order they ended). The next read of the project may show
// the state any order the recording allows leaves (each update after every one that ended before it
// began): when it shows such a state, that state becomes the model's before the read is judged; when it
// shows none, the read is judged as usual (a mixed record, a lost update still fail).

/** What an update sets (its request's fields) as the project's fields, as the interface reads them back. */
const READ_BACK_AS = { name: "title", description: "description", job_code: "job_code" } as const;
type Fields = Partial<Record<(typeof READ_BACK_AS)[keyof typeof READ_BACK_AS], unknown>>;
/** More updates at once than this are not ordered every way (7! orders): their read is not judged. */
const MOST_ORDERED = 6;

interface Update {
  start: number;
  end: number;
  sets: Fields;
}

export class UnorderedUpdates {
  /** Per project, its fields before the first update no read has shown yet, and the updates since. */
  private readonly since = new Map<number, { before: Fields; updates: Update[] }>();

  /** An update the server took, before the model applies it: `record` is the model's project then. */
  updated(project: number, record: Fields, body: unknown, start: number, end: number): void {
    const sets: Fields = {};
    if (body && typeof body === "object")
      for (const [sent, field] of Object.entries(READ_BACK_AS))
        if ((body as Record<string, unknown>)[sent] !== undefined) sets[field] = (body as Record<string, unknown>)[sent];
    const pending = this.since.get(project) ?? { before: pick(record), updates: [] };
    pending.updates.push({ start, end, sets });
    this.since.set(project, pending);
  }

  /** The state a read of the project shows, when an order the recording allows leaves it (undefined when
   * the model's order does, or none does); "too many" when there are too many orders to try. */
  stateShown(project: number, shown: unknown): Fields | "too many" | undefined {
    const pending = this.since.get(project);
    this.since.delete(project);
    if (!pending || !shown || typeof shown !== "object") return undefined;
    const { before, updates } = pending;
    const overlap = updates.some((a, i) => updates.some((b, j) => i !== j && a.start <= b.end && b.start <= a.end));
    if (!overlap) return undefined;
    if (updates.length > MOST_ORDERED) return "too many";
    const same = (state: Fields) => Object.entries(state).every(([field, value]) => (shown as Record<string, unknown>)[field] === value);
    if (same(after(before, updates))) return undefined;
    for (const order of orders(updates))
      if (order.every((u, i) => order.slice(i + 1).every((later) => !(later.end < u.start)))) {
        const state = after(before, order);
        if (same(state)) return state;
      }
    return undefined;
  }

  /** The project is gone, or read: nothing pending of it. */
  forget(project: number): void {
    this.since.delete(project);
  }
}

function pick(record: Fields): Fields {
  return Object.fromEntries(Object.values(READ_BACK_AS).map((field) => [field, record[field]]));
}

const after = (before: Fields, updates: Update[]): Fields => Object.assign({ ...before }, ...updates.map((u) => u.sets));

function* orders<T>(items: T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield items;
    return;
  }
  for (let i = 0; i < items.length; i++)
    for (const rest of orders([...items.slice(0, i), ...items.slice(i + 1)])) yield [items[i]!, ...rest];
}
