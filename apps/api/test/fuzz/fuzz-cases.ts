import {
  bodyFieldMutations,
  LONG_TEXT,
  MISSING,
  type Mutation,
  toJsonText,
  type WireValue,
  wireMutations,
} from './field-mutations.ts';
import { type ApiOperation, type JsonSchema, mainBranch, schemaType } from './openapi-operations.ts';
import { type FieldHints, sampleValue } from './sample-value.ts';
import { pickSome, type Random } from './seeded-random.ts';

export type FuzzRequest = {
  /** What was changed, e.g. "body.quantity = 1e308". */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

export type CaseContext = {
  /** The value of a path parameter that names something that exists (a real id), for deeper code. */
  pathValue(operation: ApiOperation, name: string): string;
  hints: FieldHints;
  random: Random;
  /** At most this many values per field (chosen by the seeded generator). */
  maxCasesPerField: number;
  /** The generic CSV template (header and rows), for the CSV uploads. */
  csvTemplate: string;
};

const JSON_TYPE = 'application/json';
export const BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';

/** The smallest valid PNG (1×1, transparent). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function encodeWire(value: WireValue, name: string): string[] {
  if (value === MISSING) return [];
  if ('repeated' in value) return value.repeated.map((item) => `${name}=${encodeURIComponent(item)}`);
  if ('encoded' in value) return [`${name}=${value.encoded}`];
  return [`${name}=${encodeURIComponent(value.text)}`];
}

function buildUrl(operation: ApiOperation, values: Record<string, WireValue>): string {
  let path = operation.path;
  const query: string[] = [];
  for (const parameter of operation.parameters) {
    const value = values[parameter.name] ?? MISSING;
    if (parameter.location === 'path') {
      const segment =
        value === MISSING
          ? ''
          : 'encoded' in value
            ? value.encoded
            : encodeURIComponent('text' in value ? value.text : '');
      path = path.replace(`{${parameter.name}}`, segment);
    } else {
      query.push(...encodeWire(value, encodeURIComponent(parameter.name)));
    }
  }
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

function baselineWire(operation: ApiOperation, context: CaseContext): Record<string, WireValue> {
  const values: Record<string, WireValue> = {};
  for (const parameter of operation.parameters) {
    values[parameter.name] =
      parameter.location === 'path'
        ? { text: context.pathValue(operation, parameter.name) }
        : { text: String(sampleValue(parameter.schema, parameter.name, context.hints)) };
  }
  return values;
}

type BodyField = { path: Array<string | number>; schema: JsonSchema };

/** Every property of a body, nested ones too (array items through their first element). */
function bodyFields(schema: JsonSchema, sample: unknown, path: Array<string | number> = []): BodyField[] {
  const branch = mainBranch(schema);
  const type = schemaType(branch);
  const fields: BodyField[] = [];
  if (path.length > 8) return fields;
  if (type === 'object' && sample && typeof sample === 'object') {
    const properties = { ...(branch.properties ?? {}) };
    if (typeof branch.additionalProperties === 'object') properties.fuzzKey = branch.additionalProperties;
    for (const [key, property] of Object.entries(properties)) {
      const inner = (sample as Record<string, unknown>)[key];
      fields.push({ path: [...path, key], schema: property }, ...bodyFields(property, inner, [...path, key]));
    }
  } else if (type === 'array' && branch.items && Array.isArray(sample) && sample.length > 0) {
    const itemType = schemaType(mainBranch(branch.items));
    if (itemType === 'object' || itemType === 'array')
      return bodyFields(branch.items, sample[0], [...path, 0]);
    fields.push({ path: [...path, 0], schema: branch.items });
  }
  return fields;
}

function withValueAt(base: unknown, path: Array<string | number>, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let cursor: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (!cursor[key] || typeof cursor[key] !== 'object') cursor[key] = typeof key === 'number' ? [] : {};
    cursor = cursor[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1];
  if (value === MISSING) {
    if (Array.isArray(cursor) && typeof last === 'number') cursor.splice(last, 1);
    else delete cursor[last];
  } else cursor[last] = value;
  return copy;
}

function jsonRequest(label: string, method: string, url: string, body: unknown): FuzzRequest {
  return { label, method, url, headers: { 'content-type': JSON_TYPE }, payload: toJsonText(body) };
}

function rawRequest(
  label: string,
  method: string,
  url: string,
  contentType: string | null,
  payload: string | Buffer,
): FuzzRequest {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  return { label, method, url, headers, payload };
}

/** Requests whose whole body is wrong: broken JSON, the wrong JSON type, the wrong content type. */
function wholeBodyCases(operation: ApiOperation, url: string, baseline: unknown): FuzzRequest[] {
  const { method } = operation;
  const valid = toJsonText(baseline ?? {});
  const cases: FuzzRequest[] = [
    rawRequest(
      'malformed JSON: cut short',
      method,
      url,
      JSON_TYPE,
      valid.slice(0, Math.max(1, valid.length - 3)),
    ),
    rawRequest('malformed JSON: single quotes', method, url, JSON_TYPE, "{'a': 1}"),
    rawRequest('malformed JSON: trailing comma', method, url, JSON_TYPE, '{"a": 1,}'),
    rawRequest('malformed JSON: bare word', method, url, JSON_TYPE, 'nul'),
    rawRequest('malformed JSON: binary', method, url, JSON_TYPE, Buffer.from([0xff, 0xfe, 0x00, 0x7b])),
    rawRequest('empty JSON body', method, url, JSON_TYPE, ''),
    rawRequest('JSON with a byte-order mark', method, url, JSON_TYPE, `\ufeff${valid}`),
    rawRequest('JSON array body', method, url, JSON_TYPE, '[]'),
    rawRequest('JSON array of the valid body', method, url, JSON_TYPE, `[${valid}]`),
    rawRequest('JSON string body', method, url, JSON_TYPE, '"just a string"'),
    rawRequest('JSON number body', method, url, JSON_TYPE, '1e308'),
    rawRequest('JSON null body', method, url, JSON_TYPE, 'null'),
    rawRequest('JSON true body', method, url, JSON_TYPE, 'true'),
    rawRequest('empty object', method, url, JSON_TYPE, '{}'),
    rawRequest('__proto__ key', method, url, JSON_TYPE, '{"__proto__": {"polluted": true}}'),
    rawRequest(
      'constructor.prototype key',
      method,
      url,
      JSON_TYPE,
      '{"constructor": {"prototype": {"x": 1}}}',
    ),
    rawRequest('nesting 5,000 deep', method, url, JSON_TYPE, `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`),
    rawRequest('body over 1 MB', method, url, JSON_TYPE, `{"a":"${'z'.repeat(1_100_000)}"}`),
    rawRequest('text/plain', method, url, 'text/plain', valid),
    rawRequest('form-urlencoded', method, url, 'application/x-www-form-urlencoded', 'a=1&b=%00'),
    rawRequest('application/xml', method, url, 'application/xml', '<a>1</a>'),
    rawRequest('JSON as UTF-16', method, url, 'application/json; charset=utf-16', valid),
    rawRequest('no content type', method, url, null, valid),
    rawRequest('invalid content type', method, url, '???', valid),
    rawRequest(
      'multipart to a JSON endpoint',
      method,
      url,
      `multipart/form-data; boundary=${BOUNDARY}`,
      multipartBody([{ name: 'a', content: '1' }]),
    ),
  ];
  if (baseline && typeof baseline === 'object' && !Array.isArray(baseline)) {
    cases.push(jsonRequest('unknown extra field', method, url, { ...baseline, fuzzUnknownField: LONG_TEXT }));
  }
  return cases;
}

type Part = {
  name: string;
  filename?: string;
  contentType?: string;
  content: string | Buffer;
  headers?: string;
};

export function multipartBody(parts: Part[], boundary = BOUNDARY, close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.headers ??
      `Content-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}\r\n` +
        (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '');
    chunks.push(
      Buffer.from(`--${boundary}\r\n${disposition}\r\n`),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The CSV template with one cell of its first row replaced. */
function csvWithCell(template: string, column: number, value: string): string {
  const [header, first, ...rest] = template.trim().split(/\r?\n/);
  const cells = first.split(',');
  cells[column] = value;
  return [header, cells.join(','), ...rest].join('\r\n');
}

const CSV_CELL_VALUES = [
  '1e308',
  '-1e308',
  '9007199254740993',
  'NaN',
  '-0',
  '1e-320',
  '1e15',
  '123456789012345',
  '99999999999999.9999999',
  'Infinity',
  '',
  'abc',
  '"unterminated',
  '0000-01-01 00:00',
  '9999-12-31 23:59',
  LONG_TEXT,
];

/** The file an upload expects: the CSV template for CSV imports, a tiny PNG for pictures. */
function validFilePart(operation: ApiOperation, context: CaseContext): Part {
  const name = operation.multipart!.field;
  return /csv/i.test(operation.summary)
    ? { name, filename: 'trades.csv', contentType: 'text/csv', content: context.csvTemplate }
    : { name, filename: 'fuzz.png', contentType: 'image/png', content: TINY_PNG };
}

/** Uploads: no boundary, cut short, the wrong file type, and (for CSV) cells the database cannot store. */
function multipartCases(operation: ApiOperation, url: string, context: CaseContext): FuzzRequest[] {
  const field = operation.multipart!.field;
  const isCsv = /csv/i.test(operation.summary);
  const file = validFilePart(operation, context);
  const { method } = operation;
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const valid = multipartBody([file]);
  const upload = (label: string, parts: Part[]) => rawRequest(label, method, url, type, multipartBody(parts));
  const cases: FuzzRequest[] = [
    rawRequest('valid upload', method, url, type, valid),
    rawRequest('JSON instead of multipart', method, url, JSON_TYPE, '{}'),
    rawRequest('no boundary', method, url, 'multipart/form-data', valid),
    rawRequest('empty boundary', method, url, 'multipart/form-data; boundary=', valid),
    rawRequest('boundary mismatch', method, url, 'multipart/form-data; boundary=other', valid),
    rawRequest(
      'boundary of 300 characters',
      method,
      url,
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      valid,
    ),
    rawRequest('multipart/mixed', method, url, `multipart/mixed; boundary=${BOUNDARY}`, valid),
    rawRequest('cut short', method, url, type, valid.subarray(0, Math.floor(valid.length * 0.6))),
    rawRequest('cut inside the part headers', method, url, type, valid.subarray(0, BOUNDARY.length + 20)),
    rawRequest('no closing boundary', method, url, type, multipartBody([file], BOUNDARY, false)),
    rawRequest('empty form', method, url, type, `--${BOUNDARY}--\r\n`),
    rawRequest('empty body', method, url, type, ''),
    rawRequest('garbage body', method, url, type, 'this is not multipart at all'),
    upload('wrong field name', [{ ...file, name: 'wrong' }]),
    upload('text field instead of a file', [{ name: field, content: 'just text' }]),
    upload('part without Content-Disposition', [{ ...file, headers: 'Content-Type: image/png\r\n' }]),
    upload('file name with NUL and dot segments', [{ ...file, filename: '../../evil\u0000.png' }]),
    upload('wrong file type: text named .png', [
      { name: field, filename: 'fake.png', contentType: 'image/png', content: 'hello, I am text' },
    ]),
    upload('wrong file type: executable', [
      {
        name: field,
        filename: 'run.exe',
        contentType: 'application/octet-stream',
        content: Buffer.from('MZ\u0090\u0000\u0003'),
      },
    ]),
    upload('zero-byte file', [{ ...file, content: '' }]),
    upload('binary with NUL bytes', [
      { name: field, filename: 'data.csv', contentType: 'text/csv', content: Buffer.from([0, 1, 2, 0, 255]) },
    ]),
    upload(
      'six files',
      Array.from({ length: 6 }, () => file),
    ),
    upload(
      '21 text fields',
      Array.from({ length: 21 }, (_, index) => ({ name: `f${index}`, content: 'x' })),
    ),
    upload('3 MB file', [{ ...file, content: Buffer.concat([TINY_PNG, Buffer.alloc(3 * 1024 * 1024)]) }]),
  ];
  if (isCsv) {
    const columns = context.csvTemplate.trim().split(/\r?\n/)[0].split(',');
    const csvCases: FuzzRequest[] = [];
    columns.forEach((column, index) => {
      for (const value of pickSome(CSV_CELL_VALUES, context.maxCasesPerField, context.random)) {
        csvCases.push(
          upload(`CSV ${column} = ${excerpt(value)}`, [
            { ...file, content: csvWithCell(context.csvTemplate, index, value) },
          ]),
        );
      }
    });
    cases.push(
      ...csvCases,
      upload('CSV header only', [{ ...file, content: context.csvTemplate.split(/\r?\n/)[0] }]),
      upload('CSV with a NUL character', [
        { ...file, content: context.csvTemplate.replace('long', 'lo\u0000ng') },
      ]),
    );
  }
  return cases;
}

export function excerpt(value: string, length = 24): string {
  const flat = JSON.stringify(value).slice(1, -1);
  return flat.length > length ? `${flat.slice(0, length)}…(${value.length} chars)` : flat;
}

function mutationLabel(where: string, mutation: Mutation | { label: string }) {
  return `${where} = ${mutation.label}`;
}

/** Every request the fuzzer sends to one operation (the same list for every caller). */
export function buildCases(operation: ApiOperation, context: CaseContext): FuzzRequest[] {
  const { method } = operation;
  const wire = baselineWire(operation, context);
  const url = buildUrl(operation, wire);
  const body = operation.jsonBody ? sampleValue(operation.jsonBody.schema, 'body', context.hints) : undefined;
  const baseline = (label: string, requestUrl: string): FuzzRequest => {
    if (operation.multipart) {
      const upload = multipartBody([validFilePart(operation, context)]);
      return rawRequest(label, method, requestUrl, `multipart/form-data; boundary=${BOUNDARY}`, upload);
    }
    return body === undefined
      ? { label, method, url: requestUrl, headers: {} }
      : jsonRequest(label, method, requestUrl, body);
  };

  const cases: FuzzRequest[] = operation.multipart ? [] : [baseline('valid request', url)];
  for (const parameter of operation.parameters) {
    const mutations = pickSome(
      wireMutations(parameter.schema, parameter.location),
      context.maxCasesPerField,
      context.random,
    );
    for (const mutation of mutations) {
      const changed = buildUrl(operation, { ...wire, [parameter.name]: mutation.value });
      cases.push(baseline(mutationLabel(`${parameter.location}.${parameter.name}`, mutation), changed));
    }
  }
  if (operation.jsonBody) {
    for (const field of bodyFields(operation.jsonBody.schema, body)) {
      const current = field.path.reduce<unknown>(
        (value, key) => (value as Record<string | number, unknown> | undefined)?.[key],
        body,
      );
      const mutations = pickSome(
        bodyFieldMutations(field.schema, current),
        context.maxCasesPerField,
        context.random,
      );
      for (const mutation of mutations) {
        cases.push(
          jsonRequest(
            mutationLabel(`body.${field.path.join('.')}`, mutation),
            method,
            url,
            withValueAt(body, field.path, mutation.value),
          ),
        );
      }
    }
  }
  if (operation.multipart) cases.push(...multipartCases(operation, url, context));
  else if (operation.jsonBody || ['POST', 'PUT', 'PATCH'].includes(method))
    cases.push(...wholeBodyCases(operation, url, body));
  return cases;
}
