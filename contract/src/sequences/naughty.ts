// Hostile and unusual strings from a public corpus, for every writable string the run can write: a
// selection of the Big List of Naughty Strings (https://github.com/minimaxir/big-list-of-naughty-strings,
// MIT, © 2015-2020 Max Woolf), one or more of each of its sections, vendored rather than depended on
// (the whole list is larger than the few the run can send). Left out: what the interface leaves open —
// U+0000 and lone surrogates (not Unicode text: a database may refuse them), and white space at a
// value's ends (a server may trim it) — so every value here is one a faithful server stores exactly.
// `pack` fits them into a field's limit, in UTF-16 units (so code points and any reading of
// "characters" are within it too), never cutting a surrogate pair.

export interface NaughtyString {
  /** The corpus's section it comes from. */
  section: string;
  value: string;
}

const S = (section: string, ...values: string[]): NaughtyString[] => values.map((value) => ({ section, value }));

export const NAUGHTY_STRINGS: readonly NaughtyString[] = [
  ...S(
    "Reserved Strings",
    "undefined",
    "null",
    "NULL",
    "(null)",
    "nil",
    "None",
    "true",
    "False",
    "hasOwnProperty",
    "__proto__",
    "constructor",
    "then",
    "\\",
    "\\\\",
  ),
  ...S(
    "Numeric Strings",
    "0",
    "-0",
    "+0",
    "1.00",
    "$1.00",
    "1/0",
    "1E+02",
    "-1E2",
    "0xabad1dea",
    "NaN",
    "Infinity",
    "-Infinity",
    "1#INF",
    "0xffffffff",
    "01000",
    "08",
    "999999999999999999999999",
  ),
  ...S(
    "Special Characters",
    ",./;'[]\\-=",
    '<>?:"{}|_+',
    "!@#$%^&*()`~",
    "a\u0001b\u001fc\u007fd",
    "a\u0085b\u00a0c\u1680d\u2000e\u200bf\u3000g\ufeffh",
  ),
  ...S("Unicode Symbols", "Ω≈ç√∫˜µ≤≥÷", "åß∂ƒ©˙∆˚¬…æ", "œ∑´®†¥¨ˆøπ“‘", "¡™£¢∞§¶•ªº–≠", "ÅÍÎÏ˝ÓÔÒÚÆ☃", "`⁄€‹›ﬁﬂ‡°·‚—±", "⅛⅜⅝⅞"),
  ...S("Unicode Subscript/Superscript/Accents", "⁰⁴⁵₀₁₂", "ด้้้้้็็็็็้้้้้็็็็"),
  ...S("Quotation Marks", "'", '"', "''", '"\'"', "'\"'", "''''\"'\""),
  ...S("Two-Byte Characters", "田中さんにあげて下さい", "사회과학원 어학연구소", "社會科學院語學研究所", "𠜎𠜱𠝹𠱓𠱸𠲖𠳏"),
  ...S("Special Unicode Characters Union", "ヽ༼ຈل͜ຈ༽ﾉ", "(｡◕ ∀ ◕｡)", "(╯°□°）╯︵ ┻━┻)"),
  ...S("Emoji", "😍", "👩🏽", "👨‍🦰 👨🏿‍🦰", "❤️ 💔 💌", "✋🏿 💪🏿", "0️⃣ 1️⃣ 2️⃣", "🇺🇸🇷🇺🇸 🇦🇫🇦🇲🇸"),
  ...S("Unicode Numbers", "１２３", "١٢٣"),
  ...S("Right-To-Left Strings", "ثم نفس سقطت وبالتحديد،", "בְּרֵאשִׁית, בָּרָא", "הָיְתָהtestالصفحات", "﷽"),
  ...S("Ogham Text", "᚛ᚄᚓᚐᚋᚒᚄ ᚑᚄᚂᚑᚏᚅ᚜"),
  ...S("Trick Unicode", "a\u202atest\u202ab", "a\u202btest\u202bb", "a\u2029test\u2029b", "test\u2060test\u202b", "a\u2066test\u2067b"),
  ...S("Zalgo Text", "Ṱ̺̺̕o͞ ̷i̲̬͇̪͙n̝̗͕v̟̜̘̦͟o̶̙̰̠kè͚̮̺̪̹̱̤"),
  ...S("Unicode Upsidedown", "˙ɐnbᴉlɐ ɐuƃɐɯ ǝɹolop"),
  ...S("Unicode font", "𝐓𝐡𝐞 𝐪𝐮𝐢𝐜𝐤", "𝕿𝖍𝖊 𝖖𝖚𝖎𝖈𝖐"),
  ...S(
    "Script Injection",
    "<script>alert(123)</script>",
    "&lt;script&gt;alert(&#39;123&#39;);&lt;/script&gt;",
    "<img src=x onerror=alert(123) />",
    '"><script>alert(123)</script>',
    "javascript:alert(1)",
    "<!--",
  ),
  ...S("SQL Injection", "1;DROP TABLE users", "1'; DROP TABLE users-- 1", "' OR 1=1 -- 1", "' OR '1'='1", "%", "_"),
  ...S(
    "Server Code Injection",
    "--version",
    "$USER",
    "`touch /tmp/blns.fail`",
    "$(touch /tmp/blns.fail)",
    '@{[system "touch /tmp/blns.fail"]}',
  ),
  ...S("Command Injection (Ruby)", "eval(\"puts 'hello world'\")"),
  ...S("XXE Injection", '<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><foo>&xxe;</foo>'),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile string, as the catalogue writes it
  ...S("Unwanted Interpolation", "$HOME", "$ENV{'HOME'}", "%d", "%s%s%s%s%s", "{0}", "%*.*s", "%n", "${7*7}", "{{7*7}}", "#{7*7}"),
  ...S("File Inclusion", "../../../../../../etc/passwd%00", "..\\..\\..\\windows\\win.ini"),
  ...S("Known CVEs and Vulnerabilities", "() { 0; }; touch /tmp/blns.shellshock1.fail;", "+++ATH0"),
  ...S("MSDOS/Windows Special Filenames", "CON", "PRN", "NUL", "COM1", "LPT1", "CLOCK$"),
  ...S("Scunthorpe Problem", "Scunthorpe General Hospital", "Penistone Community Church"),
  ...S("Human injection", "If you're reading this, you've been in a coma for almost 20 years now."),
  ...S("Terminal escape codes", "Roses are \u001b[0;31mred\u001b[0m, violets are \u001b[0;34mblue. Hope you enjoy terminal hue"),
  ...S("iOS Vulnerabilities", "Power لُلُصّبُلُلصّبُررً ॣ ॣh ॣ ॣ冗"),
];

/** The longest prefix of `text` of at most `room` UTF-16 units, never cutting a surrogate pair. */
export function fit(text: string, room: number): string {
  let out = "";
  for (const character of text) {
    if (out.length + character.length > room) break;
    out += character;
  }
  return out;
}

/** Whether `text` has white space (or a format character a server may trim) at either end. */
const edgy = (text: string) => /^[\s\u200b\u2060\ufeff]|[\s\u200b\u2060\ufeff]$/u.test(text);

/**
 * The strings packed into values of at most `room` UTF-16 units each, joined by `separator`, in order,
 * each string whole where it fits (one longer than `room` is cut to it): every string appears in some
 * value. No value is empty or begins or ends with white space.
 */
export function pack(strings: readonly string[], room: number, separator = " "): string[] {
  const values: string[] = [];
  let current = "";
  const close = () => {
    const trimmed = current.replace(/^[\s\u200b\u2060\ufeff]+|[\s\u200b\u2060\ufeff]+$/gu, "");
    if (trimmed) values.push(edgy(trimmed) ? trimmed.trim() : trimmed);
    current = "";
  };
  for (const raw of strings) {
    const value = fit(raw, room);
    const joined = current ? `${current}${separator}${value}` : value;
    if (joined.length <= room) current = joined;
    else {
      close();
      current = value;
    }
  }
  close();
  return values;
}

/** Project fields made of the corpus: `count` updates (or as many as it takes for every string to be in
 * a description), each with a name behind `tag`, a job code and a description, all within the limits. */
export function naughtyProjectFields(
  tag: string,
  limits: { name: number; description: number; job_code: number },
  count = 12,
): Array<{ name: string; description: string; job_code: string }> {
  const strings = NAUGHTY_STRINGS.map((s) => s.value);
  const names = pack(strings, limits.name - tag.length - 1);
  const codes = pack(strings, limits.job_code);
  const descriptions = pack(strings, limits.description, " | ");
  const total = Math.max(count, descriptions.length);
  // Each update takes names and job codes spread over the corpus, so its sections differ from the last.
  const spread = <T>(items: T[], i: number) => items[Math.floor((i * items.length) / total) % items.length]!;
  return Array.from({ length: total }, (_, i) => {
    const name = `${tag} ${spread(names, i)}`;
    const job_code = spread(codes, i);
    const description = descriptions[i % descriptions.length]!;
    return { name, description, job_code };
  });
}
