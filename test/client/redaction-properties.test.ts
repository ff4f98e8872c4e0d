// The one redaction policy (src/redaction.ts) as properties, over generated text of the kinds real
// bodies hold side by side — compact and indented JSON, URLs with ports, paths, queries and fragments,
// emails right after a URL (`","`, `,`, a space, brackets), `mailto:` links, phones without spaces,
// Markdown and HTML links (issue 47):
//   (a) a text that holds no form of any secret comes back unchanged, whatever the secrets;
//   (b) what it removes today it still removes, and nothing else: each credentialForms form of a key,
//       the key's Basic tokens written out here with Buffer, and a URL's real user info, placed among
//       that text, are replaced by the marker, the rest of the text left as it was.
// The cases one by one are in redaction.test.ts. A seed, so that CI sees the same inputs every run.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedactor, credentialForms, REDACTED } from "../../src/index.js";
import { redactJson } from "../../src/redaction.js";

/** Change to explore other inputs (PCS_PROPERTY_SEED=…). */
const SEED = Number(process.env.PCS_PROPERTY_SEED ?? 20261128);
const RUNS = 100;
const settings = { seed: SEED, numRuns: RUNS };

// ── Text that holds no secret ────────────────────────────────────────────────────────────────────

// fc.string over an alphabet rather than fc.stringMatching, which is ten times slower (npm test's budget).
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const of = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
const label = fc.tuple(of(LOWER, 1, 1), of(`${LOWER}${DIGITS}-`, 0, 8), of(LOWER + DIGITS, 1, 1)).map((parts) => parts.join(""));
const domain = fc
  .tuple(
    fc.constantFrom("", "www.", "api."),
    fc.array(label, { minLength: 1, maxLength: 2 }),
    fc.constantFrom("com", "org", "example", "io"),
  )
  .map(([www, labels, tld]) => `${www}${labels.join(".")}.${tld}`);
const email = fc
  .tuple(of(LOWER + DIGITS, 1, 1), of(`${LOWER}${DIGITS}._+-`, 0, 10), domain)
  .map(([first, rest, host]) => `${first}${rest}@${host}`);
const scheme = fc.constantFrom("http", "https", "ftp", "wss");
const port = fc.integer({ min: 1, max: 65535 }).map((n) => `:${n}`);
/** A website as organizations write it: scheme and host, a port at most (what ends where the next value begins). */
const site = fc.tuple(scheme, domain, fc.oneof(fc.constant(""), port)).map(([s, host, p]) => `${s}://${host}${p}`);
/** A URL without user info: a port, a path (an @ in it too), a query (an email in it too), a fragment. */
const fullUrl = fc
  .tuple(
    scheme,
    domain,
    fc.oneof(fc.constant(""), port),
    fc.array(fc.oneof(label, email), { maxLength: 3 }),
    fc.option(fc.tuple(label, fc.oneof(label, email)), { nil: undefined }),
    fc.option(label, { nil: undefined }),
    fc.boolean(),
  )
  .map(
    ([s, host, p, path, query, fragment, slash]) =>
      `${s}://${host}${p}${path.map((segment) => `/${segment}`).join("")}${slash && path.length === 0 ? "/" : ""}` +
      `${query ? `?${query[0]}=${query[1]}` : ""}${fragment ? `#${fragment}` : ""}`,
  );
const url = fc.oneof(site, fullUrl);
const mailto = fc
  .tuple(email, fc.option(label, { nil: undefined }))
  .map(([to, subject]) => `mailto:${to}${subject ? `?subject=${subject}` : ""}`);
const phone = fc.oneof(
  fc
    .tuple(fc.constantFrom("", "+"), of(DIGITS, 1, 3), of(DIGITS, 3, 3), of(DIGITS, 4, 4))
    .map(([plus, a, b, c]) => `${plus}${a}-${b}-${c}`),
  of(DIGITS, 4, 4).map((line) => `555-${line}`),
);
const word = fc.tuple(of(LOWER + LOWER.toUpperCase(), 1, 1), of(LOWER, 0, 9)).map(([first, rest]) => first + rest);
const markdownLink = fc.tuple(word, url).map(([text, href]) => `[${text}](${href})`);
const htmlLink = fc.tuple(url, email).map(([href, text]) => `<a href="${href}">${text}</a>`);
const value = fc.oneof(url, email, mailto, phone, word, markdownLink, htmlLink);

/** Where one value ends and the next begins: JSON's `","`, a comma, whitespace, brackets, quotes. */
const separator = fc.constantFrom('","', '", "', ",", ", ", " ", "\n", "\t", "<", ">", "(", ")", "[", "]", "{", "}", "'", '"', '" <');

/** An organization as the service sends it, its website right before its phone and email, compact or not. */
const organization = fc
  .tuple(
    word,
    url,
    phone,
    email,
    fc.nat(3).map((n) => n > 0),
  )
  .map(([name, website, tel, mail, compact]) => JSON.stringify({ name, website, phone: tel, email: mail }, null, compact ? undefined : 2));
/** A JSON body of generated members, compact or indented. */
const jsonBody = fc
  .tuple(
    fc.array(fc.tuple(label, fc.oneof(value, fc.array(value, { maxLength: 3 }))), { minLength: 1, maxLength: 6 }),
    fc.nat(3).map((n) => n > 0),
  )
  .map(([members, compact]) => JSON.stringify(Object.fromEntries(members), null, compact ? undefined : 2));
/** Values in a row, each followed by a separator. */
const prose = fc.array(fc.tuple(value, separator), { minLength: 1, maxLength: 8 }).map((items) => items.map(([v, s]) => v + s).join(""));
const innocentText = fc.oneof(organization, jsonBody, prose);

// ── Secrets ──────────────────────────────────────────────────────────────────────────────────────

/** A key of the embedded length and longer (found anywhere in a text, inside a word too): letters,
 * digits and characters a URL, a form or base64 treats specially, at least one letter or digit. */
const longKey = of(`${LOWER}${LOWER.toUpperCase()}${DIGITS}_~+/ .-`, 8, 30).filter((k) => /[A-Za-z0-9]/.test(k));
/** A shorter key (found where it stands alone: a text rarely holds one so by chance). */
const shortKey = of(`${LOWER}XYZQ${DIGITS}_~+/ ^|*!$`, 1, 7).filter((k) => /[A-Za-z0-9]/.test(k));
const key = fc.oneof(longKey, shortKey);
const swapCase = (text: string) => [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");

/** Whether a text holds a form of a key, checked without the code under test where it can be: the key
 * in each case and its Basic tokens (Buffer), and whatever else credentialForms lists. */
function holdsAForm(text: string, secrets: readonly string[]): boolean {
  return secrets.some((s) => formsOf(s).some((form) => (form.length >= 8 ? text.includes(form) : standsAlone(text, form))));
}
/** A form shorter than 8 characters counts only where no letter or digit is beside it (the policy's
 * documented rule: a one-letter key is not taken out of every word). */
function standsAlone(text: string, form: string): boolean {
  const alnum = /[\p{L}\p{N}]/u;
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1))
    if (!alnum.test(text.charAt(at - 1)) && !alnum.test(text.charAt(at + form.length))) return true;
  return false;
}
const knownForms = new Map<string, string[]>();
function formsOf(secret: string): string[] {
  let forms = knownForms.get(secret);
  if (!forms) {
    const cases = [secret, secret.toUpperCase(), secret.toLowerCase(), swapCase(secret)];
    const tokens = cases.flatMap((k) => [k, Buffer.from(`${k}:`).toString("base64"), Buffer.from(`:${k}`).toString("base64")]);
    forms = [...new Set([...tokens, ...credentialForms(secret)])];
    knownForms.set(secret, forms);
  }
  return forms;
}

describe("(a) the redaction never changes a text that holds no form of a secret", () => {
  it("with no secret at all", () => {
    fc.assert(
      fc.property(innocentText, (text) => {
        expect(createRedactor([])(text)).toBe(text);
      }),
      settings,
    );
  });

  it("with keys of every length, none of whose forms the text holds", () => {
    fc.assert(
      fc.property(innocentText, fc.array(key, { maxLength: 2 }), (text, keys) => {
        fc.pre(!holdsAForm(text, keys));
        expect(createRedactor(keys.flatMap(credentialForms))(text)).toBe(text);
      }),
      settings,
    );
  });

  it("and a parsed JSON body comes back equal, member by member", () => {
    fc.assert(
      fc.property(fc.oneof(organization, jsonBody), fc.array(key, { maxLength: 2 }), (body, keys) => {
        fc.pre(!holdsAForm(body, keys));
        expect(redactJson(JSON.parse(body), createRedactor(keys.flatMap(credentialForms)))).toEqual(JSON.parse(body));
      }),
      settings,
    );
  });
});

// ── Secrets among that text ──────────────────────────────────────────────────────────────────────

/** A piece of a text and what the redaction must make of it. */
type Piece = { text: string; redacted: string };
const innocent = (text: string): Piece => ({ text, redacted: text });

/** Which form of a key a piece is: one of credentialForms (by index), or a Basic token of the key in
 * one of its cases as user name or as password, written out with Buffer (percent-encoded, as in a
 * URL, or not). Chosen before the key is known, so that no arbitrary is made per key. */
type FormChoice = { listed: number } | { kase: number; asUser: boolean; encoded: boolean };
const formChoice: fc.Arbitrary<FormChoice> = fc.oneof(
  fc.nat().map((listed) => ({ listed })),
  fc.record({ kase: fc.nat(3), asUser: fc.boolean(), encoded: fc.boolean() }),
);
function formOf(k: string, choice: FormChoice): string {
  if ("listed" in choice) {
    const listed = credentialForms(k);
    return listed[choice.listed % listed.length]!;
  }
  const c = [k, k.toUpperCase(), k.toLowerCase(), swapCase(k)][choice.kase]!;
  const token = Buffer.from(choice.asUser ? `${c}:` : `:${c}`).toString("base64");
  return choice.encoded ? encodeURIComponent(token) : token;
}

/** user[:password] as RFC 3986 allows it and a URL serializer writes it (unreserved, percent-encoded,
 * the sub-delimiters but the quote, comma and brackets). */
const userInfoPart = fc
  .array(
    fc.oneof(
      of(`${LOWER}${LOWER.toUpperCase()}${DIGITS}._~!$&*+;=-`, 1, 1),
      of(`${DIGITS}ABCDEF`, 2, 2).map((hex) => `%${hex}`),
    ),
    {
      minLength: 1,
      maxLength: 16,
    },
  )
  .map((parts) => parts.join(""));
const userInfo = fc
  .tuple(fc.option(userInfoPart, { nil: "" }), fc.option(userInfoPart, { nil: undefined }))
  .filter(([user, password]) => user !== "" || password !== undefined)
  .map(([user, password]) => (password === undefined ? user : `${user}:${password}`));
const urlWithUserInfo = fc
  .tuple(
    fc.constantFrom("http", "https", "ftp", "postgres"),
    userInfo,
    url.map((u) => u.replace(/^[a-z]+:\/\//, "")),
  )
  .map(([scheme, info, rest]): Piece => ({ text: `${scheme}://${info}@${rest}`, redacted: `${scheme}://${REDACTED}@${rest}` }));

/** Where secret pieces stand among innocent ones, joined as prose or as a JSON body's values. */
type Layout<S> = { items: (Piece | { secret: S })[]; separators: string[]; json: boolean; compact: boolean };
function layoutWith<S>(secret: fc.Arbitrary<S>): fc.Arbitrary<Layout<S>> {
  return fc.record({
    items: fc.array(fc.oneof({ arbitrary: value.map(innocent), weight: 2 }, { arbitrary: secret.map((s) => ({ secret: s })), weight: 1 }), {
      minLength: 1,
      maxLength: 8,
    }),
    separators: fc.array(separator, { minLength: 8, maxLength: 8 }),
    json: fc.boolean(),
    compact: fc.nat(3).map((n) => n > 0),
  });
}
/** The text a layout makes, and what the redaction must make of it. */
function render<S>(layout: Layout<S>, pieceOf: (secret: S) => Piece): Piece {
  const pieces = layout.items.map((item) => ("secret" in item ? pieceOf(item.secret) : item));
  const side = (which: keyof Piece) =>
    layout.json
      ? JSON.stringify(Object.fromEntries(pieces.map((p, i) => [`m${i}`, p[which]])), null, layout.compact ? undefined : 2)
      : pieces.map((p, i) => p[which] + layout.separators[i]).join("");
  return { text: side("text"), redacted: side("redacted") };
}

/** The text with each marker taken out: what is left of it must hold no form. */
const withoutMarkers = (text: string) => text.split(REDACTED).join("\u0000");

describe("(b) the redaction still removes every form it removes today, and only that", () => {
  /** Forms of `k` among innocent text: the text, and what the redaction must make of it. */
  const withForms = (k: string, layout: Layout<FormChoice>) =>
    render(layout, (choice) => ({ text: formOf(k, choice), redacted: REDACTED }));

  it("every form of a long key, wherever it stands among the text", () => {
    fc.assert(
      fc.property(longKey, layoutWith(formChoice), (k, layout) => {
        const { text, redacted } = withForms(k, layout);
        fc.pre(!holdsAForm(redacted, [k]));
        const out = createRedactor(credentialForms(k))(text);
        expect(out).toBe(redacted);
        for (const form of credentialForms(k)) expect(withoutMarkers(out)).not.toContain(form);
      }),
      settings,
    );
  });

  it("every form of a short key where it stands alone (a quoted value, between separators)", () => {
    fc.assert(
      fc.property(shortKey, layoutWith(formChoice), (k, layout) => {
        const { text, redacted } = withForms(k, layout);
        fc.pre(!holdsAForm(redacted, [k]));
        expect(createRedactor(credentialForms(k))(text)).toBe(redacted);
      }),
      // Fewer: a redactor of short forms costs about 3 ms to make (the letter and digit classes beside them).
      { ...settings, numRuns: 60 },
    );
  });

  it("the user info of every URL that has one, whoever's it is, with or without keys", () => {
    fc.assert(
      fc.property(layoutWith(urlWithUserInfo), fc.array(longKey, { maxLength: 2 }), (layout, keys) => {
        const { text, redacted } = render(layout, (piece) => piece);
        fc.pre(!holdsAForm(text, keys));
        expect(createRedactor(keys.flatMap(credentialForms))(text)).toBe(redacted);
      }),
      settings,
    );
  });
});

describe("the cases issue 47 names", () => {
  it("leaves an organization whose website is followed by a phone without spaces and an email whole", () => {
    const body =
      '{"name":"My Organization","website":"http://www.myorganizationname.com","phone":"555-5555","email":"admin@myorganizationname.com"}';
    expect(createRedactor(credentialForms("a-key-long-enough"))(body)).toBe(body);
    expect(createRedactor([])(body)).toBe(body);
  });

  it("still takes the user info of a URL inside a JSON string", () => {
    expect(createRedactor([])('{"callback":"https://bob:s3cret@hooks.example/x","email":"admin@example.com"}')).toBe(
      `{"callback":"https://${REDACTED}@hooks.example/x","email":"admin@example.com"}`,
    );
  });
});
