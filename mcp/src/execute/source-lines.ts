// Which line of the program a line of its compiled JavaScript came from, read from the source map the
// compiler writes beside it: the compiler drops blank lines and types, so an error's line in the
// JavaScript is not the program's. Only line numbers are decoded (the first segment of each line).

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** For each line of the JavaScript (1-based), the source line (1-based) it maps to, when it maps. */
export function sourceLines(mappings: string): (number | undefined)[] {
  const lines: (number | undefined)[] = [undefined];
  let sourceLine = 0;
  for (const generated of mappings.split(";")) {
    let first: number | undefined;
    for (const segment of generated.split(",")) {
      const fields = decodeVlq(segment);
      if (fields.length >= 3) {
        sourceLine += fields[2]!;
        first ??= sourceLine + 1;
      }
    }
    lines.push(first);
  }
  return lines;
}

/** One segment's Base64 VLQ fields. */
function decodeVlq(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}
