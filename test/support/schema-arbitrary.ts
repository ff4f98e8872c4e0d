// fast-check arbitraries derived from the description's request schemas: values that are valid, and,
// for every constraint a schema states, values that break exactly that constraint. Covers the JSON
// Schema this description uses in requests (object, string, integer, boolean, oneOf, $ref, and the
// keywords below); a keyword it does not know makes `unsupported()` list it, and the tests fail on that.
import fc from "fast-check";
import { deref, validatorFor, type Json } from "./openapi.js";

/** The keywords a breaker is built for; `enum` has none in the requests today but is handled. */
export const CONSTRAINTS = [
  "type",
  "maxLength",
  "minLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "enum",
  "required",
  "additionalProperties",
  "minProperties",
  "oneOf",
] as const;
export type Constraint = (typeof CONSTRAINTS)[number];

const KNOWN_KEYWORDS = new Set([...CONSTRAINTS, "$ref", "properties", "description", "title", "examples", "example", "default"]);

export interface Breaker {
  constraint: Constraint;
  /** JSON pointer of the value that breaks it ("" for the body itself). */
  at: string;
  /** Human-readable detail, e.g. "both user and email". */
  detail?: string;
  arbitrary: fc.Arbitrary<unknown>;
}

/** A schema with its $ref followed and the ref's siblings (description…) kept. */
export function resolve(schema: Json): Json {
  if (!schema || typeof schema !== "object" || !schema.$ref) return schema;
  const { $ref, ...siblings } = schema;
  return { ...resolve(deref({ $ref })), ...siblings };
}

/** Keywords of the schema tree this module cannot derive values for (should be empty). */
export function unsupported(schema: Json, at = ""): string[] {
  const s = resolve(schema);
  // x- extensions (the `x-assumption` markers) are annotations, not constraints.
  const found = Object.keys(s)
    .filter((k) => !k.startsWith("x-") && !KNOWN_KEYWORDS.has(k as Constraint))
    .map((k) => `${at || "/"} ${k}`);
  for (const [name, property] of Object.entries<Json>(s.properties ?? {})) found.push(...unsupported(property, `${at}/${name}`));
  for (const branch of s.oneOf ?? []) found.push(...unsupported(branch, at));
  return found;
}

// ---- valid values -------------------------------------------------------------------------------

/** Text of `min..max` code points: ASCII mostly, any Unicode code point often (JSON Schema counts code points). */
function text(min: number, max: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: min, maxLength: max }) },
  );
}

function integerIn(min: number, max: number): fc.Arbitrary<number> {
  if (min >= -0x80000000 && max <= 0x7fffffff) return fc.integer({ min, max });
  return fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
}

function validString(s: Json): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? min + 60;
  const fits = (v: string) => [...v].length >= min && [...v].length <= max;
  if (s.format === "email") return fc.emailAddress().filter(fits);
  if (s.format === "uri") return fc.webUrl({ withQueryParameters: true, withFragments: true }).filter(fits);
  if (s.format) throw new Error(`no generator for format ${s.format}`);
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  return text(min, max);
}

export function valid(schema: Json): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.oneOf) return fc.oneof(...s.oneOf.map(valid));
  if (s.enum) return fc.constantFrom(...s.enum);
  const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
  if (types.length > 1) return fc.oneof(...types.map((type) => valid({ ...s, type })));
  switch (types[0]) {
    case "string":
      return validString(s);
    case "integer":
      return integerIn(s.minimum ?? Number.MIN_SAFE_INTEGER, s.maximum ?? Number.MAX_SAFE_INTEGER);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "object":
      return validObject(s);
    default:
      throw new Error(`no generator for type ${JSON.stringify(s.type)}`);
  }
}

function validObject(s: Json): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(Object.entries<Json>(s.properties ?? {}).map(([name, p]) => [name, valid(p)]));
  const record = fc.record(properties, { requiredKeys: s.required ?? [] });
  const min = s.minProperties ?? 0;
  return min > 0 ? record.filter((v) => Object.keys(v).length >= min) : record;
}

// ---- values that break one constraint ------------------------------------------------------------

const anyJson = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 8 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);

/** A value of any JSON type but the schema's. */
function wrongType(s: Json): fc.Arbitrary<unknown> {
  const allowed = new Set<string>(Array.isArray(s.type) ? s.type : [s.type]);
  const byType: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.string({ maxLength: 10 }),
    integer: fc.integer(),
    number: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    object: fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
  };
  if (allowed.has("number")) allowed.add("integer");
  return fc.oneof(
    ...Object.entries(byType)
      .filter(([type]) => !allowed.has(type))
      .map(([, arbitrary]) => arbitrary),
  );
}

/** `value` lengthened to `length` code points by repeating its first or last character. */
function lengthen(value: string, length: number, atStart: boolean): string {
  const chars = [...value];
  const pad = (atStart ? chars[0] : chars.at(-1)) ?? "x";
  const extra = pad.repeat(Math.max(0, length - chars.length));
  return atStart ? extra + value : value + extra;
}

const UNKNOWN_NAME = /^[a-z][a-z_]{0,19}$/;

/** Breakers of a value (not of a whole body): each yields the broken value and where it sits. */
function valueBreakers(schema: Json, at: string): Breaker[] {
  const s = resolve(schema);
  if (s.oneOf) return []; // handled by bodyBreakers, which knows the branches
  if (s.type === "object") return [{ constraint: "type", at, arbitrary: wrongType(s) }, ...objectBreakers(s, at)];
  const found: Breaker[] = [{ constraint: "type", at, arbitrary: wrongType(s) }];
  if (s.type === "string") {
    if (s.maxLength !== undefined) {
      const longer = fc.tuple(validString(s), fc.integer({ min: 1, max: 8 }), fc.boolean());
      found.push({
        constraint: "maxLength",
        at,
        arbitrary: longer.map(([v, extra, atStart]) => lengthen(v, s.maxLength + extra, atStart)),
      });
    }
    if (s.minLength) {
      found.push({ constraint: "minLength", at, arbitrary: validString(s).map((v) => [...v].slice(0, s.minLength - 1).join("")) });
    }
    // A pattern beside a format spells the format out (the email rule): one rule, broken by the format's breaker.
    if (s.pattern && !s.format) {
      const re = new RegExp(s.pattern);
      found.push({ constraint: "pattern", at, arbitrary: text(s.minLength ?? 0, s.maxLength ?? 40).filter((v) => !re.test(v)) });
    }
    if (s.format) {
      const nearMisses =
        s.format === "email"
          ? ["plainaddress", "@example.com", "a@", "a@@example.com", "a b@example.com", "a@exa mple.com"]
          : ["example.com/path", "/relative/path", "http//example.com", "://example.com", "a b://c"];
      const notFormat = (v: string) => validatorFor({ type: "string", format: s.format })(v) === false;
      found.push({
        constraint: "format",
        at,
        detail: s.format,
        arbitrary: fc
          .oneof(fc.constantFrom(...nearMisses), text(1, 30))
          .filter((v) => notFormat(v) && [...v].length <= (s.maxLength ?? Infinity) && [...v].length >= (s.minLength ?? 0)),
      });
    }
  }
  if (s.type === "integer") {
    if (s.minimum !== undefined)
      found.push({
        constraint: "minimum",
        at,
        arbitrary: integerIn(Math.max(s.minimum - 1_000_000, Number.MIN_SAFE_INTEGER), s.minimum - 1),
      });
    if (s.maximum !== undefined)
      found.push({ constraint: "maximum", at, arbitrary: fc.bigInt({ min: BigInt(s.maximum) + 1n, max: BigInt(s.maximum) + 1_000_000n }) });
  }
  if (s.enum) found.push({ constraint: "enum", at, arbitrary: valid({ ...s, enum: undefined }).filter((v) => !s.enum.includes(v)) });
  return found;
}

/** Breakers of an object schema, each yielding a whole object that is valid but for that constraint. */
function objectBreakers(s: Json, at: string): Breaker[] {
  const base = validObject(s);
  const known = new Set(Object.keys(s.properties ?? {}));
  const found: Breaker[] = [];
  if (s.minProperties) found.push({ constraint: "minProperties", at, arbitrary: fc.constant({}) });
  if (s.additionalProperties === false) {
    const unknown = fc.stringMatching(UNKNOWN_NAME).filter((name) => !known.has(name));
    found.push({
      constraint: "additionalProperties",
      at,
      arbitrary: fc.tuple(base, unknown, anyJson).map(([v, name, value]) => ({ ...v, [name]: value })),
    });
  }
  for (const name of s.required ?? []) {
    found.push({ constraint: "required", at: `${at}/${name}`, arbitrary: base.map(({ [name]: _omitted, ...rest }) => rest) });
  }
  for (const [name, property] of Object.entries<Json>(s.properties ?? {})) {
    for (const breaker of valueBreakers(property, `${at}/${name}`)) {
      const arbitrary = fc.tuple(base, breaker.arbitrary).map(([v, bad]) => setAt(v, breaker.at.slice(at.length), bad));
      found.push({ ...breaker, arbitrary });
    }
  }
  return found;
}

/**
 * Sets the property named by the first segment of `pointer` ("/address/street" → address). A breaker
 * of a nested object already yields that whole nested object, so one level is always enough.
 */
function setAt(object: Record<string, unknown>, pointer: string, value: unknown): Record<string, unknown> {
  const head = pointer.split("/")[1]!;
  return { ...object, [head]: value };
}

/**
 * Every breaker of a request body schema. For `oneOf` (the add-user body): each branch's own breakers,
 * plus the exactly-one rule broken both ways: both alternatives at once, and neither.
 */
export function bodyBreakers(schema: Json): Array<Breaker & { within: Json }> {
  const s = resolve(schema);
  const rootType = {
    constraint: "type" as const,
    at: "",
    detail: "body not an object",
    arbitrary: fc.oneof(fc.array(anyJson, { maxLength: 3 }), fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant(null)),
  };
  if (!s.oneOf) return [rootType, ...objectBreakers(s, "")].map((b) => ({ ...b, within: schema }));
  const branches: Json[] = s.oneOf.map(resolve);
  // A body that is not an object fails every branch alike: judge it against the first branch.
  const found: Array<Breaker & { within: Json }> = [{ ...rootType, within: s.oneOf[0] }];
  for (const branch of s.oneOf) {
    const title = resolve(branch).title ?? "a branch";
    found.push(
      ...objectBreakers(resolve(branch), "").map((b) => ({ ...b, detail: [b.detail, title].filter(Boolean).join(", "), within: branch })),
    );
  }
  const all = fc.tuple(...branches.map((b) => validObject(b))).map((values) => Object.assign({}, ...values));
  found.push({
    constraint: "oneOf",
    at: "",
    detail: `all of ${branches.map((b) => (b.required ?? []).join("+")).join(", ")}`,
    arbitrary: all,
    within: schema,
  });
  found.push({ constraint: "oneOf", at: "", detail: "none of them", arbitrary: fc.constant({}), within: schema });
  return found;
}

/** Breakers of one query or path parameter value (its schema), e.g. limit 0, offset -1, id "abc". */
export function parameterBreakers(parameter: Json): Breaker[] {
  const s = resolve(parameter.schema);
  const found = valueBreakers(s, "").filter((b) => b.constraint !== "type");
  // In a URL everything is a string: the wrong "type" is text that is not an integer.
  found.push({
    constraint: "type",
    at: "",
    detail: "not an integer",
    arbitrary: fc.oneof(
      fc.stringMatching(/^[a-z]{1,8}$/),
      fc.integer({ min: 0, max: 99 }).map((n) => `${n}.5`),
    ),
  });
  return found;
}

/**
 * Which constraints a value breaks, as "pointer keyword" strings, by Ajv against `within`. Used to
 * keep only inputs that break exactly the intended constraint.
 */
export function brokenConstraints(within: Json, value: unknown): string[] {
  const validate = validatorFor(within);
  if (validate(value)) return [];
  return [
    ...new Set(
      (validate.errors ?? []).map((e) => {
        const pointer =
          e.keyword === "required" ? `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}` : e.instancePath;
        return `${pointer} ${e.keyword}`;
      }),
    ),
  ].sort();
}

/**
 * Whether `value` breaks exactly the breaker's constraint, as Ajv judges it against `within`: its own
 * constraint, plus the pattern when a length limit cannot be broken without it (a two-letter code
 * cannot be three letters long and still match ^[A-Z]{2}$) or when the pattern spells a format out
 * (the email rule: breaking one breaks the other). For the exactly-one rule: the body fails `oneOf` at
 * the root.
 */
export function breaksExactly(breaker: Breaker, within: Json, value: unknown): boolean {
  const list = brokenConstraints(within, value);
  if (breaker.constraint === "oneOf") return list.includes(" oneOf");
  const broken = JSON.stringify(list);
  const own = `${breaker.at} ${breaker.constraint}`;
  const withPattern = JSON.stringify([own, `${breaker.at} pattern`].sort());
  const s = schemaAt(within, breaker.at);
  if (breaker.constraint === "format" && s?.pattern) return broken === withPattern;
  if ((breaker.constraint === "maxLength" || breaker.constraint === "minLength") && s?.pattern)
    return broken === withPattern || broken === JSON.stringify([own]);
  return broken === JSON.stringify([own]);
}

/** The breaker's values, keeping only those that break exactly its constraint. */
export function exactly(breaker: Breaker, within: Json): fc.Arbitrary<unknown> {
  return breaker.arbitrary.filter((value) => breaksExactly(breaker, within, value));
}

function schemaAt(schema: Json, pointer: string): Json | undefined {
  let s = resolve(schema);
  for (const name of pointer.split("/").slice(1)) s = s?.properties?.[name] === undefined ? undefined : resolve(s.properties[name]);
  return s;
}
