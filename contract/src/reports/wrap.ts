// Text for an 80-column terminal: broken at spaces, each line after the first indented under the first
// one's text. A word longer than a line (a URL, a quoted value) stays whole on a line of its own.

export const COLUMNS = 80;

/** `text` on lines of at most `width` columns, the first starting with `first`, the others with `rest`. */
export function wrap(text: string, first: string, rest = " ".repeat(first.length), width = COLUMNS): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(" ").filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}
