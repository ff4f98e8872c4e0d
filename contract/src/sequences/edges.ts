// Boundary values of integers, as the field's catalogues list them (the edges where a server's numbers
// change representation: 0 and 1, a limit and one past it, the 32-bit signed and unsigned edges, the
// largest integer a double holds exactly and one past it, a negative), and the ways an integer can be
// written in a path or a query that are not its canonical decimal form.

/** The edges every integer position is tried with (a limit of the interface's own is added by the caller). */
export const INTEGER_EDGES: readonly number[] = [0, 1, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53];

/** An edge's name in a failure message. */
export function edgeName(value: number): string {
  const names: Record<string, string> = {
    [2 ** 31 - 1]: "2^31−1",
    [2 ** 31]: "2^31",
    [2 ** 32]: "2^32",
    [2 ** 53 - 1]: "2^53−1",
    [2 ** 53]: "2^53",
  };
  return names[String(value)] ?? String(value);
}

/**
 * Ids that name no record the caller can see, derived from one it can (`id`): the same id past the
 * 32-bit and 64-bit wrap (a server that keeps ids in a 32-bit or 64-bit integer reads them as `id`),
 * past the doubles' exact range, negative, and the edges themselves. Each is written in canonical
 * decimal: a server may answer one only with the record of exactly that id.
 */
export function aliasesOf(id: number): Array<{ text: string; why: string }> {
  const big = BigInt(id);
  return [
    { text: String(big + 2n ** 32n), why: `${id} + 2^32 (a 32-bit id wraps to ${id})` },
    { text: String(big + 2n ** 64n), why: `${id} + 2^64 (a 64-bit id wraps to ${id})` },
    { text: String(big - 2n ** 32n), why: `${id} − 2^32 (negative; a 32-bit id wraps to ${id})` },
    { text: String(2n ** 53n + big), why: `2^53 + ${id} (a double rounds it)` },
    { text: `-${id}`, why: "its negative" },
    ...INTEGER_EDGES.filter((edge) => edge !== id).map((edge) => ({ text: String(edge), why: `the edge ${edgeName(edge)}` })),
  ];
}

/** The number a decimal id names, exactly (a bigint: beyond 2^53 a number would round). */
export const exactly = (text: string): bigint | undefined => (/^-?\d+$/.test(text) ? BigInt(text) : undefined);
