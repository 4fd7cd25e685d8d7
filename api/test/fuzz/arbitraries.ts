import fc from 'fast-check';
import { z } from 'zod';

/**
 * Values generated from the shared zod schemas (through their JSON Schema), then spoiled the way
 * hostile or broken clients spoil them: wrong types, missing and extra fields, huge strings,
 * control characters, lone surrogates, RTL marks, absurd numbers and nested junk.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
};

/** Strings nobody types: NUL and other controls, lone surrogates, bidi overrides, zero-width and astral characters. */
const nasty = fc.constantFrom('\u0000', '\u0001', '\u001b[31m', '\r\n', '\ud800', '\udfff', '\u202e', '\u200f', '\u200b', '\ufeff', '\uffff', '😀', '𝕏', '\u0301', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '%00', '${7*7}', '__proto__');
const weirdString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.array(fc.oneof(nasty, fc.string({ maxLength: 5 })), { maxLength: 8 }).map((parts) => parts.join('')),
  fc.integer({ min: 1_000, max: 120_000 }).chain((n) => fc.constantFrom('a', 'é', '😀', '\u202e').map((c) => c.repeat(n))),
);
const weirdNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, -0.5, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const leaf = fc.oneof(weirdString, weirdNumber, fc.boolean(), fc.constant(null), fc.constantFrom('', ' ', 'true', '1', '-1', '[]', '{}', 'null'));
/** Any JSON value, nested a little or very deep. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 2, arbitrary: fc.letrec((tie) => ({ node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 3 })) })).node },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 1_500 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth))) },
  { weight: 1, arbitrary: fc.constantFrom({ __proto__: { admin: true } }, JSON.parse('{"__proto__":{"role":"admin"}}'), { constructor: { prototype: { x: 1 } } }) },
);

function arbitraryOf(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return leaf;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return fc.oneof(...union.map((u) => arbitraryOf(u, depth + 1)));
  if (s.allOf?.length) return arbitraryOf(s.allOf[0]!, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, arbitraryOf(v, depth + 1)]));
      return fc.record(props, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    case 'array':
      return fc.array(s.items ? arbitraryOf(s.items, depth + 1) : leaf, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 5) });
    case 'string':
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'uri') return fc.webUrl();
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 30, 30)) });
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -(2 ** 31)), max: Math.min(s.maximum ?? 1000, 2 ** 31 - 1) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return junk;
  }
}

/** Values that fit a schema (mostly): the valid core the spoilers below start from. */
export function fitting(schema: z.core.$ZodType): fc.Arbitrary<unknown> {
  return arbitraryOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value of the schema, or one with a field dropped, replaced by junk or added, or junk as a whole. */
export function hostile(schema: z.core.$ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant(undefined), fc.constant({}), junk);
  const valid = fitting(schema);
  const spoiled = fc.tuple(valid, fc.nat(), junk, fc.constantFrom('drop', 'replace', 'add'), fc.string({ maxLength: 12 })).map(([v, pick, bad, how, extra]) => {
    if (!isPlainObject(v)) return bad;
    const out = { ...v };
    const keys = Object.keys(out);
    const key = keys.length ? keys[pick % keys.length]! : extra;
    if (how === 'drop') delete out[key];
    else if (how === 'replace') out[key] = bad;
    else out[extra || 'extra'] = bad;
    return out;
  });
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 5, arbitrary: spoiled }, { weight: 2, arbitrary: junk });
}

/** A path parameter: a real-looking id or name, or something no route expects. */
export function pathValue(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '01', '2147483648', '99999999999999999999', 'NaN', 'null', '%00', '%', '%E0%A4%A', '..', '%2e%2e', '%2F', ' 1', '١', '0x10') },
    { weight: 2, arbitrary: weirdString.filter((s) => s.length < 300).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd')) || 'x') },
  );
}
