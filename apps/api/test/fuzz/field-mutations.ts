import { type JsonSchema, mainBranch, schemaType } from './openapi-operations.ts';

/** A JSON number written as is (JSON.stringify cannot write 9007199254740993, -0 or 1e-320). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** The field left out of the request. */
export const MISSING = Symbol('missing');

export type Mutation = { label: string; value: unknown };

export const LONG_TEXT = 'x'.repeat(100_000);

const CONTROL_TEXTS: Mutation[] = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'C0 controls', value: '\u0001\u0002\u001f' },
  { label: 'escape sequence', value: '\u001b[2J' },
  { label: 'DEL', value: '\u007f' },
  { label: 'backspace', value: 'ab\u0008' },
  { label: 'tab and new lines', value: 'a\tb\r\nc' },
];

const ODD_TEXTS: Mutation[] = [
  { label: 'empty string', value: '' },
  { label: 'blank string', value: '   ' },
  { label: '100 kB string', value: LONG_TEXT },
  { label: 'lone surrogate', value: 'a\ud800b' },
  { label: 'emoji and bidi', value: '😀\u202e\u200b\ufeff' },
  { label: 'numeric string', value: '1e308' },
  { label: 'NaN string', value: 'NaN' },
  { label: 'SQL-ish', value: "' OR 1=1 --" },
  { label: 'path-ish', value: '../../etc/passwd' },
];

const EXTREME_NUMBERS: Mutation[] = [
  { label: '1e308', value: new RawJson('1e308') },
  { label: '-1e308', value: new RawJson('-1e308') },
  { label: '9007199254740993', value: new RawJson('9007199254740993') },
  { label: '-0', value: new RawJson('-0') },
  { label: '1e-320', value: new RawJson('1e-320') },
  { label: '1e309 (Infinity)', value: new RawJson('1e309') },
  { label: 'NaN as string', value: 'NaN' },
  { label: '1e15', value: 1e15 },
  { label: '99999999999999.999999', value: new RawJson('99999999999999.999999') },
  { label: '2^31', value: 2_147_483_648 },
  { label: '-2^31-1', value: -2_147_483_649 },
  { label: '0', value: 0 },
  { label: '-1', value: -1 },
  { label: '1.5', value: 1.5 },
];

function outOfBounds(schema: JsonSchema): Mutation[] {
  const found: Mutation[] = [];
  if (schema.maximum !== undefined) found.push({ label: 'maximum + 1', value: schema.maximum + 1 });
  if (schema.minimum !== undefined) found.push({ label: 'minimum - 1', value: schema.minimum - 1 });
  return found;
}

function dateEdges(schema: JsonSchema): Mutation[] {
  if (schema.format === 'date-time') {
    return [
      { label: 'year 0000', value: '0000-01-01T00:00:00Z' },
      { label: 'year 9999', value: '9999-12-31T23:59:59.999Z' },
      { label: 'Feb 30', value: '2026-02-30T10:00:00Z' },
      { label: 'far offset', value: '2026-11-20T10:00:00+23:59' },
    ];
  }
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) {
    return [
      { label: 'year 0000', value: '0000-01-01' },
      { label: 'year 9999', value: '9999-12-31' },
      { label: 'Feb 30', value: '2026-02-30' },
    ];
  }
  if (schema.pattern?.includes('\\d{4}-(0[1-9]')) {
    return [
      { label: 'year 0000', value: '0000-01' },
      { label: 'year 9999', value: '9999-12' },
      { label: 'year 0001', value: '0001-01' },
    ];
  }
  return [];
}

/** Values a JSON body field should never make the server fail on. */
export function bodyFieldMutations(schema: JsonSchema, sample: unknown): Mutation[] {
  const branch = mainBranch(schema);
  const type = schemaType(branch);
  const mutations: Mutation[] = [
    { label: 'missing', value: MISSING },
    { label: 'null', value: null },
    { label: 'object', value: { nested: 'value' } },
    { label: 'array', value: ['value'] },
    { label: 'boolean', value: true },
  ];
  if (branch.enum?.length) mutations.push({ label: 'not in enum', value: 'not-a-choice' });
  switch (type) {
    case 'string':
      mutations.push({ label: 'number', value: 12345 }, { label: '1e308', value: new RawJson('1e308') });
      if (branch.maxLength !== undefined && branch.maxLength < 100_000) {
        mutations.push({ label: 'maxLength + 1', value: 'y'.repeat(branch.maxLength + 1) });
      }
      mutations.push(...ODD_TEXTS, ...CONTROL_TEXTS, ...dateEdges(branch));
      break;
    case 'number':
    case 'integer':
      mutations.push(
        { label: 'numeric string', value: '12' },
        { label: 'text', value: 'abc' },
        { label: 'NUL text', value: '1\u0000' },
        ...EXTREME_NUMBERS,
        ...outOfBounds(branch),
      );
      break;
    case 'boolean':
      mutations.push(
        { label: 'string', value: 'true' },
        { label: 'number', value: 1 },
        { label: 'NUL text', value: '\u0000' },
      );
      break;
    case 'array': {
      const item = Array.isArray(sample) && sample.length > 0 ? sample[0] : 'value';
      mutations.push(
        { label: 'string', value: 'value' },
        { label: 'number', value: 1e308 },
        { label: 'empty array', value: [] },
        { label: 'null item', value: [null] },
        { label: 'NUL item', value: ['\u0000'] },
        { label: 'nested arrays', value: [[[[item]]]] },
        { label: '2,000 items', value: Array.from({ length: 2000 }, () => item) },
      );
      if (branch.maxItems !== undefined && branch.maxItems < 2000) {
        mutations.push({
          label: 'maxItems + 1',
          value: Array.from({ length: branch.maxItems + 1 }, () => item),
        });
      }
      break;
    }
    case 'object':
      mutations.push(
        { label: 'string', value: 'value' },
        { label: 'number', value: 1 },
        { label: 'empty object', value: {} },
        { label: '__proto__ key', value: JSON.parse('{"__proto__":{"polluted":true}}') },
        { label: 'deep nesting', value: deepObject(40) },
      );
      break;
    default:
      mutations.push(
        { label: 'number', value: 12345 },
        ...CONTROL_TEXTS.slice(0, 1),
        ...ODD_TEXTS.slice(0, 3),
      );
  }
  return mutations;
}

function deepObject(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

/** A value on the wire (path or query): text as is, or already percent-encoded. */
export type WireValue = { text: string } | { encoded: string } | typeof MISSING | { repeated: string[] };

export type WireMutation = { label: string; value: WireValue };

/** Values a path or query parameter should never make the server fail on. */
export function wireMutations(schema: JsonSchema, location: 'path' | 'query'): WireMutation[] {
  const branch = mainBranch(schema);
  const type = schemaType(branch);
  const text = (label: string, value: string): WireMutation => ({ label, value: { text: value } });
  const encoded = (label: string, value: string): WireMutation => ({ label, value: { encoded: value } });
  const mutations: WireMutation[] = [
    text('text', 'abc'),
    text('number', '12345'),
    text('1e308', '1e308'),
    text('-1e308', '-1e308'),
    text('9007199254740993', '9007199254740993'),
    text('NaN', 'NaN'),
    text('-0', '-0'),
    text('1e-320', '1e-320'),
    text('Infinity', 'Infinity'),
    text('1.5', '1.5'),
    text('-1', '-1'),
    text('2^31', '2147483648'),
    text('100 kB string', LONG_TEXT),
    encoded('NUL', 'a%00b'),
    encoded('C0 controls', '%01%1F'),
    encoded('DEL', '%7F'),
    encoded('new line', 'a%0Ab'),
    encoded('invalid UTF-8 (lone surrogate)', '%ED%A0%80'),
    encoded('broken percent-encoding', '%E0%A4%A'),
    encoded('lone percent sign', '%'),
    text('emoji and bidi', '😀\u202e'),
    text('empty', ''),
    text('object-like', '{"a":1}'),
    text('not in enum', 'not-a-choice'),
  ];
  if (branch.maxLength !== undefined && branch.maxLength < 100_000) {
    mutations.push(text('maxLength + 1', 'y'.repeat(branch.maxLength + 1)));
  }
  if (location === 'path') {
    mutations.push(
      text('unknown id', 'fuzz-does-not-exist'),
      encoded('dot segments', '..'),
      encoded('slash', 'a%2Fb'),
    );
  } else {
    mutations.push(
      { label: 'missing', value: MISSING },
      { label: 'repeated (array)', value: { repeated: ['1', '2'] } },
      text('true', 'true'),
    );
  }
  if (type === 'integer' || type === 'number')
    mutations.push(...outOfBounds(branch).map((m) => text(m.label, String(m.value))));
  for (const edge of dateEdges(branch)) mutations.push(text(edge.label, String(edge.value)));
  return mutations;
}

/** JSON with RawJson values written as their literal text. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, inner) => {
    if (inner instanceof RawJson) {
      raws.push(inner.text);
      return `__raw_json_${raws.length - 1}__`;
    }
    return inner;
  });
  return text.replace(/"__raw_json_(\d+)__"/g, (_match, index) => raws[Number(index)]);
}
