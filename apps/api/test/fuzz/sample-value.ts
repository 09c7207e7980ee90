import { type JsonSchema, mainBranch, schemaType } from './openapi-operations.ts';

/** Values the caller knows better than a schema can say (real ids, the learner's own id, …), by field name. */
export type FieldHints = (name: string) => unknown;

/** Samples for the patterns the document uses; anything else falls back on the field name. */
const PATTERN_SAMPLES: Array<[RegExp, string]> = [
  [/^\^\\d\{6\}\$$/, '123456'],
  [/^\^\\d\{4\}-\(0\[1-9\]\|1\[0-2\]\)\$$/, '2026-11'],
  [/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/, '2026-11-20'],
  [/png\|jpg\|webp/, 'fuzz.png'],
  [/^\^\\\/\[\^/, '/journal'],
  [/^\^\[a-z0-9\]\[a-z0-9-\]/, 'fuzz-course'],
  [/^\^\[\\d \]\{12,23\}\$$/, '4242 4242 4242 4242'],
  [/^\^\(0\[1-9\]\|1\[0-2\]\)/, '12/30'],
  [/^\^\\d\{3,4\}\$$/, '123'],
  [/^\^\[A-Z0-9\]\{2,12\}\$$/, 'EURUSD'],
];

const NAME_SAMPLES: Array<[RegExp, string]> = [
  [/email/i, 'fuzz-someone@example.com'],
  [/password/i, 'fuzz-password-0123'],
  [/phone/i, '+919876543210'],
  // A feed address is fetched when polled: a closed local port fails at once, offline too.
  [/^url$/, 'http://127.0.0.1:9/feed.xml'],
  [/^videoUrl$/, 'https://www.youtube.com/watch?v=p7HKvqRI_Bo'],
  [/(Url$|thumbnail)/, 'https://example.com/fuzz.png'],
  [/symbol/i, 'EURUSD'],
  [/currency/i, 'USD'],
  [/date$/i, '2026-11-20'],
];

/** Fields that end a span (endDate, exitTime, endTime) come after the ones that start it. */
const isSpanEnd = (name: string) => /^(end|exit)/i.test(name);

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'date-time') return isSpanEnd(name) ? '2026-11-27T10:00:00Z' : '2026-11-20T10:00:00Z';
  if (schema.pattern) {
    const known = PATTERN_SAMPLES.find(([pattern]) => pattern.test(schema.pattern!));
    if (known) return known[1];
  }
  const byName = NAME_SAMPLES.find(([pattern]) => pattern.test(name))?.[1] ?? `fuzz ${name}`;
  const min = schema.minLength ?? 0;
  const padded = byName.length < min ? byName.padEnd(min, 'x') : byName;
  return schema.maxLength !== undefined ? padded.slice(0, Math.max(schema.maxLength, min)) : padded;
}

function sampleNumber(schema: JsonSchema, name: string, integer: boolean): number {
  const low = schema.minimum ?? Number.NEGATIVE_INFINITY;
  const high = schema.maximum ?? Number.POSITIVE_INFINITY;
  let value = Math.min(Math.max(isSpanEnd(name) ? 60 : 1, low), high);
  if (schema.exclusiveMinimum === true && value <= low) value = low + 1;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
    value = schema.exclusiveMinimum + 1;
  if (!Number.isFinite(value)) value = 1;
  return integer ? Math.ceil(value) : value;
}

/** A value the schema accepts, as far as a schema can say (cross-field rules may still refuse it). */
export function sampleValue(schema: JsonSchema, name: string, hints: FieldHints, depth = 0): unknown {
  const hinted = hints(name);
  if (hinted !== undefined) return hinted;
  const branch = mainBranch(schema);
  if (branch.enum?.length) return branch.enum[0];
  switch (schemaType(branch)) {
    case 'string':
      return sampleString(branch, name);
    case 'integer':
      return sampleNumber(branch, name, true);
    case 'number':
      return sampleNumber(branch, name, false);
    case 'boolean':
      return true;
    case 'array': {
      if (depth > 6 || !branch.items) return [];
      const count = Math.max(1, branch.minItems ?? 0);
      return Array.from({ length: count }, () => sampleValue(branch.items!, name, hints, depth + 1));
    }
    case 'object': {
      if (depth > 6) return {};
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(branch.properties ?? {})) {
        value[key] = sampleValue(property, key, hints, depth + 1);
      }
      if (typeof branch.additionalProperties === 'object' && !branch.properties) {
        value.fuzzKey = sampleValue(branch.additionalProperties, 'fuzzKey', hints, depth + 1);
      }
      return value;
    }
    default:
      return branch.default ?? `fuzz ${name}`;
  }
}
