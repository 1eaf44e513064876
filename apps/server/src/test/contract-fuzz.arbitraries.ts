import fc from 'fast-check';

/**
 * fast-check arbitraries built from the JSON Schemas of the server's OpenAPI document (OpenAPI 3.0 dialect, as
 * @fastify/swagger writes it from the zod contracts): values that satisfy a schema, and values that break it in one
 * place. Only the keywords the document uses are understood; any other keyword that constrains a value throws, so a
 * contract change that this converter cannot follow fails the fuzz test instead of making it generate wrong data.
 */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  nullable?: boolean;
  enum?: readonly unknown[];
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** Keywords that only describe (or that the server fills in), and those this converter reads. */
const DESCRIPTIVE = new Set(['description', 'title', 'default', 'example', 'examples', 'deprecated', 'readOnly']);
const UNDERSTOOD = new Set([
  'type',
  'nullable',
  'enum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'anyOf',
  'oneOf',
]);
/** Formats whose rule the document also states as a `pattern` (zod writes both). */
const FORMATS_WITH_PATTERN = new Set(['date', 'date-time', 'uuid']);

/** A refinement's value that leaves the property, query parameter or header out. */
export const OMIT = Symbol('omit');

/**
 * Rules a JSON Schema cannot state (a date not in the future, a time zone the runtime knows, a real cursor), keyed
 * by the path of the value: `content`, `tags[]`, `dreams[].mood` (`[]`: any item of an array). A refinement
 * replaces the schema's own generator at that path.
 */
export type Refinements = Readonly<Record<string, fc.Arbitrary<unknown>>>;

type Segment = string | number;

function checkKeywords(schema: JsonSchema, at: string): void {
  for (const keyword of Object.keys(schema)) {
    if (!UNDERSTOOD.has(keyword) && !DESCRIPTIVE.has(keyword)) {
      throw new Error(`contract fuzz: JSON Schema keyword "${keyword}" at "${at || '(root)'}" is not supported yet`);
    }
  }
  if (schema.format !== undefined && !(FORMATS_WITH_PATTERN.has(schema.format) && schema.pattern !== undefined)) {
    throw new Error(`contract fuzz: format "${schema.format}" without a pattern at "${at || '(root)'}"`);
  }
}

const childPath = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

// --- text ------------------------------------------------------------------------------------------------------

const fromCode = (code: number) => String.fromCharCode(code);
/** Characters String.prototype.trim removes (the contracts trim most text before counting it). */
const WHITESPACE = [' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\u3000', '\ufeff'];
const asciiVisible = fc.integer({ min: 0x21, max: 0x7e }).map(fromCode);

/** One character a person may type (one or two UTF-16 units), never blank, never NUL or half a surrogate pair. */
const visibleChar: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: asciiVisible },
  { weight: 3, arbitrary: fc.constantFrom(...Array.from('áàâãéêíóôõúçÁÉÍÓÚÇñüßø')) },
  {
    weight: 1,
    // Any BMP character but the surrogates' range.
    arbitrary: fc
      .integer({ min: 0xa1, max: 0xffff - 0x800 })
      .map((code) => fromCode(code >= 0xd800 ? code + 0x800 : code))
      .filter((char) => char.trim() !== ''),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)) },
  { weight: 1, arbitrary: fc.constantFrom('😀', '👩‍👩‍👧', '🇧🇷', 'e\u0301', '\u202e', '𝕏', '\u200b', 'ﷺ', '\uffff') },
);
const anyChar: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: visibleChar },
  { weight: 2, arbitrary: fc.constantFrom(...WHITESPACE) },
  // Control characters other than NUL are text PostgreSQL stores.
  { weight: 1, arbitrary: fc.integer({ min: 0x01, max: 0x1f }).map(fromCode) },
);

/** `required` placed among `chars` at `at`, characters of `chars` dropped from the end until it fits in `max` units. */
function fit(required: string, chars: string[], at: number, max: number): string {
  const before = chars.slice(0, at);
  const after = chars.slice(at);
  const length = () => required.length + before.join('').length + after.join('').length;
  while (length() > max && (after.length > 0 || before.length > 0)) {
    if (after.length > 0) after.pop();
    else before.pop();
  }
  return before.join('') + required + after.join('');
}

/** `required` followed by `pattern` repeated: exactly `target` UTF-16 units, no pair cut in half. */
function fillTo(required: string, pattern: string[], target: number): string {
  let text = required;
  for (let i = 0; text.length < target; i += 1) {
    const next = pattern[i % pattern.length] ?? 'x';
    text += text.length + next.length <= target ? next : 'x';
  }
  return text;
}

/**
 * Text the server must store as sent: any Unicode (accents, emoji, RTL marks, tabs and line breaks), never NUL or a
 * lone surrogate. Lengths are UTF-16 units, as zod counts them, which is never fewer than the code points JSON
 * Schema counts. At least `minLength` characters are not blank, because the contracts trim before counting. Most
 * values are short; some are past the lengths where the server cuts text (titles, excerpts); one in ten is (nearly)
 * `maxLength` long, the boundary that small random strings never reach.
 */
export function storableText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const required = fc.string({ unit: asciiVisible, minLength, maxLength: minLength });
  const typical = fc
    .tuple(required, fc.array(anyChar, { maxLength: Math.min(maxLength, 40) }), fc.nat())
    .map(([core, chars, at]) => fit(core, chars, at % (chars.length + 1), maxLength));
  if (maxLength <= 40) return typical;
  // Past the lengths where the server cuts text (a derived title, an excerpt).
  const medium = fc
    .tuple(required, fc.array(anyChar, { minLength: 41, maxLength: Math.min(maxLength, 250) }), fc.nat())
    .map(([core, chars, at]) => fit(core, chars, at % (chars.length + 1), maxLength));
  const long = fc
    .tuple(required, fc.array(anyChar, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 2 }))
    .map(([core, pattern, shortBy]) => fillTo(core, pattern, Math.max(minLength, maxLength - shortBy)));
  return fc.oneof({ weight: 7, arbitrary: typical }, { weight: 2, arbitrary: medium }, { weight: 1, arbitrary: long });
}

/** Text the server must refuse with `invalid_text`: a NUL or a lone UTF-16 surrogate somewhere in it. */
const unstorableText: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ unit: asciiVisible, maxLength: 12 }),
    fc.constantFrom('\u0000', '\ud800', '\udfff', '\udbff', 'a\udc00b', '\u0000\u0000'),
    fc.string({ unit: asciiVisible, maxLength: 12 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** Blank text (what a trimmed `min(1)` refuses). */
export const blankText = (maxLength: number) =>
  fc.array(fc.constantFrom(...WHITESPACE), { maxLength: Math.min(maxLength, 30) }).map((chars) => chars.join(''));

/** A JSON key no schema here names, storable, and not one that JSON parsers refuse as prototype pollution. */
const extraKey = fc
  .string({ unit: visibleChar, minLength: 1, maxLength: 12 })
  .filter((key) => !['__proto__', 'constructor', 'prototype'].includes(key));

// --- valid values ----------------------------------------------------------------------------------------------

function integerBetween(min: number, max: number): fc.Arbitrary<number> {
  return fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
}

function numericBounds(schema: JsonSchema): { min: number; max: number } {
  const isInteger = schema.type === 'integer';
  const step = isInteger ? 1 : Number.EPSILON;
  let min = schema.minimum ?? (isInteger ? Number.MIN_SAFE_INTEGER : -1e12);
  let max = schema.maximum ?? (isInteger ? Number.MAX_SAFE_INTEGER : 1e12);
  if (schema.exclusiveMinimum === true) min += step;
  if (schema.exclusiveMaximum === true) max -= step;
  return { min, max };
}

/** A value satisfying `schema` (and the refinements at and below `path`). */
export function validValue(schema: JsonSchema, refinements: Refinements = {}, path = ''): fc.Arbitrary<unknown> {
  const refined = refinements[path];
  if (refined) return refined;
  checkKeywords(schema, path);
  const base = validNonNull(schema, refinements, path);
  return schema.nullable === true ? fc.option(base, { nil: null, freq: 4 }) : base;
}

function validNonNull(schema: JsonSchema, refinements: Refinements, path: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum.filter((value) => value !== null));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => validValue(alternative, refinements, path)));
  switch (schema.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const { min, max } = numericBounds(schema);
      return integerBetween(Math.ceil(min), Math.floor(max));
    }
    case 'number': {
      const { min, max } = numericBounds(schema);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'string': {
      const minLength = schema.minLength ?? 0;
      const maxLength = schema.maxLength ?? 300;
      if (schema.pattern !== undefined) {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((text) => text.length >= minLength && text.length <= maxLength);
      }
      return storableText(minLength, maxLength);
    }
    case 'array': {
      if (!schema.items) throw new Error(`contract fuzz: array without items at "${path}"`);
      const item = validValue(schema.items, refinements, `${path}[]`);
      // Objects in arrays (an export file's dreams and analyses) are kept few: bodies stay small and fast.
      const cap = schema.items.type === 'object' ? 3 : 20;
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? cap, cap) };
      return schema.uniqueItems === true
        ? fc.uniqueArray(item, { ...constraints, selector: (value) => JSON.stringify(value) })
        : fc.array(item, constraints);
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [
          key,
          validValue(property, refinements, childPath(path, key)),
        ]),
      );
      const record = fc.record(model, { requiredKeys: [...(schema.required ?? [])], noNullPrototype: true });
      // JSON Schema allows keys it does not name unless additionalProperties is false; zod strips them.
      const extras =
        schema.additionalProperties === false
          ? fc.constant({})
          : fc.option(
              fc.dictionary(
                extraKey.filter((key) => !(key in properties)),
                fc.oneof(storableText(0, 20), fc.integer(), fc.boolean(), fc.constant(null)),
                { maxKeys: 2 },
              ),
              { nil: {}, freq: 4 },
            );
      return fc.tuple(record, extras).map(([values, extra]) => withoutOmitted({ ...extra, ...values }));
    }
    default:
      throw new Error(`contract fuzz: no type at "${path}"`);
  }
}

function withoutOmitted(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== OMIT));
}

// --- conformance (to be sure a mutation really breaks the schema) ----------------------------------------------

/** JSON Schema counts string lengths in code points. */
const codePoints = (text: string) => Array.from(text).length;

/** Whether `value` satisfies `schema` by the JSON Schema rules of the keywords above (not the refinements). */
function conforms(schema: JsonSchema, value: unknown): boolean {
  if (value === null) return schema.nullable === true || (schema.enum?.includes(null) ?? false);
  if (schema.enum) return schema.enum.includes(value);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.some((alternative) => conforms(alternative, value));
  switch (schema.type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      if (schema.type === 'integer' && !Number.isInteger(value)) return false;
      const { min, max } = numericBounds(schema);
      return value >= min && value <= max;
    }
    case 'string':
      return (
        typeof value === 'string' &&
        codePoints(value) >= (schema.minLength ?? 0) &&
        codePoints(value) <= (schema.maxLength ?? Infinity) &&
        (schema.pattern === undefined || new RegExp(schema.pattern).test(value))
      );
    case 'array': {
      if (!Array.isArray(value)) return false;
      if (value.length < (schema.minItems ?? 0) || value.length > (schema.maxItems ?? Infinity)) return false;
      const { items } = schema;
      if (items && !value.every((item) => conforms(items, item))) return false;
      return schema.uniqueItems !== true || new Set(value.map((item) => JSON.stringify(item))).size === value.length;
    }
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      const record = value as Record<string, unknown>;
      const properties = schema.properties ?? {};
      if ((schema.required ?? []).some((key) => !(key in record))) return false;
      return Object.entries(record).every(([key, child]) => {
        const property = properties[key];
        return property ? conforms(property, child) : schema.additionalProperties !== false;
      });
    }
    default:
      return true;
  }
}

// --- invalid values --------------------------------------------------------------------------------------------

/** What the server must answer a broken value with: a schema violation, or text it cannot store. */
export type Breakage = 'schema' | 'rule' | 'text';

export interface Broken {
  value: unknown;
  /** What was broken, for the failure message. */
  what: string;
  breakage: Breakage;
}

/** Marks a property to delete (a required one, to break `required`). */
const REMOVE = Symbol('remove');

/** One place in a value where it can be broken, with the arbitrary of the broken values for that place. */
interface Site {
  path: readonly Segment[];
  broken: fc.Arbitrary<Broken>;
}

const WRONG_TYPES: readonly unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  true,
  false,
  '',
  'x',
  '1',
  'true',
  [],
  [1],
  {},
  { a: 1 },
  null,
];

const brokenAs =
  (what: string, breakage: Breakage = 'schema') =>
  (value: unknown) => ({ value, what, breakage });

/** Values at one place that break `schema` (a wrong type, a bound passed, an unknown enum member…). */
export function brokenLeaf(schema: JsonSchema, label: string): fc.Arbitrary<Broken> {
  const options: fc.Arbitrary<Broken>[] = [
    fc.constantFrom(...WRONG_TYPES.filter((value) => !conforms(schema, value))).map(brokenAs(`${label}: wrong type`)),
  ];
  if (schema.enum) {
    options.push(
      fc
        .oneof(storableText(0, 20), fc.constantFrom('EN', 'pt-br', ' en', 'en ', 'Dark'))
        .filter((value) => !schema.enum?.includes(value))
        .map(brokenAs(`${label}: not one of the enum`)),
    );
  }
  if (schema.type === 'string' || schema.enum?.every((value) => typeof value === 'string')) {
    options.push(unstorableText.map(brokenAs(`${label}: unstorable text`, 'text')));
  }
  if (schema.type === 'string' && !schema.enum) {
    const { minLength, maxLength, pattern } = schema;
    if (maxLength !== undefined) {
      // ASCII, not blank: too long however it is counted (code points, UTF-16 units, after trimming).
      options.push(
        fc
          .integer({ min: maxLength + 1, max: maxLength + 40 })
          .map((length) => 'z'.repeat(length))
          .map(brokenAs(`${label}: longer than ${maxLength}`)),
      );
    }
    if (minLength !== undefined && minLength > 0) {
      options.push(fc.constant('y'.repeat(minLength - 1)).map(brokenAs(`${label}: shorter than ${minLength}`)));
    }
    if (pattern !== undefined) {
      const regex = new RegExp(pattern);
      const nearMisses = fc
        .stringMatching(regex)
        .chain((text) =>
          fc
            .tuple(fc.nat({ max: Math.max(0, text.length - 1) }), fc.constantFrom('', 'x', '9', '-', ' '))
            .map(([at, char]) => text.slice(0, at) + char + text.slice(at + 1)),
        );
      options.push(
        fc
          .oneof(
            nearMisses,
            fc.string({ unit: asciiVisible, maxLength: 40 }),
            fc.constantFrom(
              '2023-02-29',
              '2024-13-01',
              '2024-00-10',
              '2024-1-1',
              '24-01-01',
              '2024-01-01T25:00:00Z',
              '2024-01-01 10:00:00Z',
              '00000000-0000-0000-0000-000000000001',
              '{00000000-0000-4000-8000-000000000000}',
              '000000000000400080000000000000000',
            ),
          )
          .filter((text) => !regex.test(text))
          .map(brokenAs(`${label}: does not match ${schema.format ?? 'the pattern'}`)),
      );
    }
  }
  if ((schema.type === 'integer' || schema.type === 'number') && !schema.enum) {
    const { min, max } = numericBounds(schema);
    const outside: number[] = [min - 1, max + 1, min - 1000, max + 1e6, -1e308, 1e308];
    if (schema.type === 'integer') outside.push(Math.max(min, Math.min(max, 0)) + 0.5, 2 ** 53, -(2 ** 53));
    options.push(
      fc
        .constantFrom(...outside.filter((value) => Number.isFinite(value) && !conforms(schema, value)))
        .map(brokenAs(`${label}: out of range or not an integer`)),
    );
  }
  return fc.oneof(...options);
}

function brokenArraySites(schema: JsonSchema, value: unknown[], path: Segment[], label: string): Site[] {
  const sites: Site[] = [];
  const { items } = schema;
  if (!items) return sites;
  // Past a large limit (an export's 20,000 dreams) the file is too big to build per run; the import's own tests
  // cover that limit.
  if (schema.maxItems !== undefined && schema.maxItems <= 100) {
    const maxItems = schema.maxItems;
    sites.push({
      path,
      broken: fc
        .array(validValue(items), { minLength: maxItems + 1 - value.length, maxLength: maxItems + 3 - value.length })
        .map((more) => ({
          value: [...value, ...more],
          what: `${label}: more than ${maxItems} items`,
          breakage: 'schema',
        })),
    });
  }
  if (schema.minItems !== undefined && schema.minItems > 0) {
    sites.push({
      path,
      broken: fc.constant({
        value: value.slice(0, schema.minItems - 1),
        what: `${label}: fewer than ${schema.minItems} items`,
        breakage: 'schema',
      }),
    });
  }
  value.forEach((item, index) => sites.push(...brokenSites(items, item, [...path, index], `${label}[${index}]`)));
  return sites;
}

function brokenObjectSites(schema: JsonSchema, value: Record<string, unknown>, path: Segment[], label: string): Site[] {
  const sites: Site[] = [];
  const properties = schema.properties ?? {};
  for (const [key, property] of Object.entries(properties)) {
    const at = [...path, key];
    const name = label ? `${label}.${key}` : key;
    if (key in value) sites.push(...brokenSites(property, value[key], at, name));
    else sites.push({ path: at, broken: brokenLeaf(property, name) });
    if (schema.required?.includes(key)) {
      sites.push({ path: at, broken: fc.constant({ value: REMOVE, what: `${name}: missing`, breakage: 'schema' }) });
    }
  }
  if (schema.additionalProperties === false) {
    sites.push({
      path,
      broken: fc
        .tuple(
          extraKey.filter((key) => !(key in properties)),
          fc.oneof(storableText(0, 10), fc.integer()),
        )
        .map(([key, extra]) => ({
          value: { ...value, [key]: extra },
          what: `${label || 'body'}: unknown key ${JSON.stringify(key)}`,
          breakage: 'schema',
        })),
    });
  }
  // A key that cannot be stored is refused wherever it is, even where unknown keys are allowed.
  sites.push({
    path,
    broken: unstorableText.map((key) => ({
      value: { ...value, [key]: 1 },
      what: `${label || 'body'}: unstorable key`,
      breakage: 'text',
    })),
  });
  return sites;
}

function brokenSites(schema: JsonSchema, value: unknown, path: Segment[], label: string): Site[] {
  const sites: Site[] = [{ path, broken: brokenLeaf(schema, label || 'body') }];
  if (schema.anyOf ?? schema.oneOf) return sites;
  if (schema.type === 'array' && Array.isArray(value)) sites.push(...brokenArraySites(schema, value, path, label));
  if (schema.type === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    sites.push(...brokenObjectSites(schema, value as Record<string, unknown>, path, label));
  }
  return sites;
}

/** `root` with the value at `path` replaced (or removed), the rest shared. */
function replaceAt(root: unknown, path: readonly Segment[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(root)) {
    const copy = [...(root as unknown[])];
    copy[head as number] = replaceAt(copy[head as number], rest, replacement);
    return copy;
  }
  const record = root as Record<string, unknown>;
  const next = replaceAt(record[head], rest, replacement);
  return next === REMOVE
    ? Object.fromEntries(Object.entries(record).filter(([key]) => key !== head))
    : { ...record, [head]: next };
}

/** A rule-breaking value to put at a path of a valid value (rules the schema cannot state). */
export interface RuleBreaker {
  path: readonly Segment[];
  what: string;
  value: fc.Arbitrary<unknown>;
}

/**
 * A valid value broken in exactly one place: a schema violation found by walking the value (wrong type, bound,
 * pattern, enum, missing or unknown key, too many items, unstorable text) or one of `rules`.
 */
export function brokenValue(
  schema: JsonSchema,
  valid: fc.Arbitrary<unknown>,
  rules: readonly RuleBreaker[] = [],
): fc.Arbitrary<Broken> {
  return fc.tuple(valid, fc.nat()).chain(([value, pick]) => {
    const sites: Site[] = [
      ...brokenSites(schema, value, [], ''),
      ...rules.map((rule) => ({
        path: rule.path,
        broken: rule.value.map((broken) => ({ value: broken, what: rule.what, breakage: 'rule' as const })),
      })),
    ];
    const site = sites[pick % sites.length] as Site;
    return site.broken.map((broken) => ({ ...broken, value: replaceAt(value, site.path, broken.value) }));
  });
}
