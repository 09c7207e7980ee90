import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { BOUNDARY, buildCases, type FuzzRequest, multipartBody, TINY_PNG } from './fuzz/fuzz-cases.ts';
import { type FuzzFailure, type FuzzTally, failureReport, summaryLine } from './fuzz/fuzz-report.ts';
import { judgeAnswer } from './fuzz/judge-answer.ts';
import { type ApiOperation, listOperations, type OpenApiDocument } from './fuzz/openapi-operations.ts';
import { sampleValue } from './fuzz/sample-value.ts';
import { seededRandom } from './fuzz/seeded-random.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

/**
 * Schema-driven fuzzing (docs/architecture.md §API conventions): every operation of the OpenAPI document, every field it
 * declares, with wrong types, missing fields, control characters, 100 kB strings, extreme numbers,
 * broken bodies and broken uploads, as an anonymous caller, a learner and an admin. Nothing may
 * answer 5xx, and every answer is the API envelope. Deterministic: one seed, one order.
 */
const SEED = 20261123;
// 30 a field: ~37,000 requests since round three's routes (40 made 49,000, 212 s on a quiet machine).
const MAX_CASES_PER_FIELD = 30;
const REQUEST_TIMEOUT_MS = 10_000;
const PASSWORD = 'password-for-tests';
const DAY = '2026-11-20';

/** Operations whose successful answer is a file by design; their errors are still envelopes. */
const FILE_ANSWERS = new Set([
  'GET /api/v1/journal/import/template',
  'GET /api/v1/journal/export',
  'GET /api/v1/group/{groupId}/leaderboard.csv',
  'GET /api/v1/journal/screenshots/{id}',
  'GET /api/v1/uploads/avatars/{file}',
]);

/** The error handler's 400 for a value the database refused: the edge should have said so first. */
const SAFETY_NET = /outside what can be stored/;

/**
 * Failures explained by a gap another engineer owns (files this suite's authors may not change):
 * counted and named in the summary instead of failing every run. Remove an entry once it is fixed;
 * the summary says when an entry no longer matches anything.
 */
const KNOWN_GAPS: Array<{ gap: string; matches(failure: FuzzFailure): boolean }> = [];

/** Operations not fuzzed, each with the reason (printed in the summary). */
function skipReason(operation: ApiOperation): string | null {
  if (operation.method === 'GET' && operation.path.endsWith('/stream')) {
    return 'server-sent event stream: holds the connection open by design';
  }
  return null;
}

/** Deletions run last (an admin's after a learner's), then sign-outs: the rest still find what they name. */
function rank(operation: ApiOperation): number {
  if (/\/auth\/logout|\/user\/account$/.test(operation.path)) return 3;
  if (operation.method !== 'DELETE') return 0;
  return operation.path.includes('/admin/') ? 2 : 1;
}

type Person = { id: string; email: string; token: string };

let t: TestApp;
let addressCount = 0;
let mintCount = 0;
const people = {} as Record<'learner' | 'admin', Person>;
/** Someone else, whom the admin's user screens edit and disable, so the learner keeps working. */
let bystander: Person;
const realIds: Record<string, string> = {};
const realLists: Record<string, unknown[]> = {};
let csvTemplate = '';

/** Every request comes from its own address, so per-address limits (login, contact, …) let deeper code run. */
function nextAddress(): string {
  addressCount += 1;
  return `198.${18 + ((addressCount >> 16) & 1)}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

async function logIn(email: string): Promise<string | null> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: PASSWORD },
    remoteAddress: nextAddress(),
  });
  return answer.statusCode === 200 ? answer.json().data.token : null;
}

/** A new onboarded person of a role (also when per-account limits or the fuzzer itself locked the old one out). */
async function mintPerson(role: 'learner' | 'admin'): Promise<Person> {
  mintCount += 1;
  const email = `fuzz-${role}-${mintCount}@example.com`;
  const user = await createOnboardedUser(t.database.db, {
    email,
    password: PASSWORD,
    role: role === 'admin' ? 'admin' : 'user',
  });
  const token = await logIn(email);
  if (!token) throw new Error(`the fuzzer could not sign in ${email}`);
  return { id: user.id, email, token };
}

/** After each operation: both callers still signed in with their role, or signed in again, or replaced. */
async function keepCallersSignedIn() {
  const checks = {
    learner: (person: Person) => `/api/v1/user/details/${person.id}`,
    admin: () => '/api/v1/admin/contact-messages?pageSize=1',
  };
  for (const role of ['learner', 'admin'] as const) {
    const person = people[role];
    const check = await t.app.inject({
      method: 'GET',
      url: checks[role](person),
      headers: bearer(person.token),
    });
    if (check.statusCode === 200) continue;
    const token = await logIn(person.email);
    const again = token
      ? await t.app.inject({ method: 'GET', url: checks[role](person), headers: bearer(token) })
      : null;
    people[role] = again?.statusCode === 200 && token ? { ...person, token } : await mintPerson(role);
  }
}

function firstId(value: unknown, key = '_id'): string | undefined {
  if (Array.isArray(value)) return value.length > 0 ? firstId(value[0], key) : undefined;
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record[key] === 'string' || typeof record[key] === 'number') return String(record[key]);
  for (const inner of Object.values(record)) {
    const found = firstId(inner, key);
    if (found) return found;
  }
  return undefined;
}

/** Things that exist, so requests naming them reach the code past "not found". */
async function createRealThings(operations: ApiOperation[]) {
  const inject = async (role: 'learner' | 'admin', method: string, url: string, payload?: unknown) => {
    const answer = await t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(people[role].token),
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: nextAddress(),
    });
    return answer.headers['content-type']?.toString().includes('json') ? answer.json().data : undefined;
  };
  const sampleBody = (method: string, path: string) => {
    const operation = operations.find((candidate) => candidate.method === method && candidate.path === path);
    return operation?.jsonBody ? sampleValue(operation.jsonBody.schema, 'body', hints) : {};
  };

  csvTemplate = (await t.app.inject({ method: 'GET', url: '/api/v1/journal/import/template?preset=generic' }))
    .body;
  const courses = await inject('learner', 'GET', '/api/v1/courses');
  realLists.courseIds = Array.isArray(courses) ? courses.map((course: { _id: string }) => course._id) : [];
  const course = await inject('learner', 'GET', '/api/v1/courses/course1');
  realLists.videoIds = (course?.videos ?? []).map((video: { _id: string | number }) => video._id);
  realIds.videoId = String(realLists.videoIds[0] ?? 1);
  realIds.question =
    firstId(
      await inject('admin', 'POST', '/api/v1/admin/journal/questions', {
        text: 'What did you learn?',
        position: 3,
      }),
    ) ?? 'no-question';
  realIds.trade =
    firstId(
      await inject('learner', 'POST', '/api/v1/journal/trades', sampleBody('POST', '/api/v1/journal/trades')),
    ) ?? 'no-trade';
  await inject('learner', 'PUT', `/api/v1/journal/entries/${DAY}`, { notes: 'A calm day.' });
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/journal/entries/${DAY}/screenshots`,
    headers: { ...bearer(people.learner.token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody([
      { name: 'screenshots', filename: 'day.png', contentType: 'image/png', content: TINY_PNG },
    ]),
  });
  const day = await inject('learner', 'GET', `/api/v1/journal/entries/${DAY}`);
  realIds.screenshot = firstId(day?.entry?.screenshots) ?? 'no-screenshot';
  realIds.post =
    firstId(
      await inject(
        'admin',
        'POST',
        '/api/v1/admin/news/posts',
        sampleBody('POST', '/api/v1/admin/news/posts'),
      ),
    ) ?? 'no-post';
  realIds.source =
    firstId(
      await inject(
        'admin',
        'POST',
        '/api/v1/admin/news/sources',
        sampleBody('POST', '/api/v1/admin/news/sources'),
      ),
    ) ?? 'no-source';
  // A member of the running competition, so its trading routes get past "members only".
  await inject('learner', 'POST', '/api/v1/group/group-running/participants', { userId: people.learner.id });
  realIds.participant =
    firstId(await inject('admin', 'GET', '/api/v1/admin/groups/group-running/participants')) ??
    'no-participant';
  await inject(
    'admin',
    'POST',
    `/api/v1/admin/groups/group-running/participants/${realIds.participant}/approve`,
  );
  // A Pro learner (paid with the test card), so broker routes get past "Pro only".
  const paid = firstId(await inject('learner', 'POST', '/api/v1/plans/checkout'), 'sessionId');
  await inject('learner', 'POST', `/api/v1/plans/checkout/${paid}/pay`, {
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
    name: 'Fuzz Learner',
  });
  await inject('learner', 'POST', '/api/v1/plans/getsession', { userId: people.learner.id, sessionId: paid });
  realIds.connection =
    firstId(await inject('learner', 'POST', '/api/v1/broker/connections', { broker: 'paper', fields: {} })) ??
    'no-connection';
  realIds.session = paid ?? 'no-session';
  return Object.entries(realIds)
    .filter(([, value]) => value.startsWith('no-'))
    .map(([name]) => name);
}

/** Field values the schema cannot know: the caller's own id, real ids, lists an order must match. */
function hints(name: string): unknown {
  if (name === 'userId') return people.learner.id;
  if (name === 'sessionId' || name === 'session_id') return realIds.session;
  if (name === 'groupId') return 'group-running';
  if (name === 'questionId') return realIds.question;
  if (name === 'tradeIds') return [realIds.trade];
  if (name === 'courseIds' || name === 'videoIds') return realLists[name];
  if (name === 'instruments') return ['EURUSD', 'GBPUSD'];
  return undefined;
}

function pathValue(operation: ApiOperation, name: string): string {
  const byName: Record<string, string | undefined> = {
    userId: operation.path.includes('/admin/') ? bystander.id : people.learner.id,
    // The running competition is traded in; an admin's edits go to the upcoming one.
    groupId: operation.path === '/api/v1/admin/groups/{groupId}' ? 'group-upcoming' : 'group-running',
    courseId: 'course1',
    videoId: realIds.videoId,
    date: DAY,
    symbol: 'EURUSD',
    file: 'fuzz.png',
    newsId: realIds.post,
    postId: realIds.post,
    sourceId: realIds.source,
    participantId: realIds.participant,
    sessionId: realIds.session,
    connectionId: realIds.connection,
    decision: 'approve',
  };
  if (name === 'id') {
    if (operation.path.includes('/journal/trades/')) return realIds.trade;
    if (operation.path.includes('/journal/screenshots/')) return realIds.screenshot;
    if (operation.path.includes('/journal/questions/')) return realIds.question;
  }
  const parameter = operation.parameters.find((candidate) => candidate.name === name);
  const enumValue = parameter?.schema.enum?.[0];
  return byName[name] ?? (enumValue === undefined ? `fuzz-${name}` : String(enumValue));
}

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

async function send(request: FuzzRequest, token: string | null): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Answer>((resolve) => {
    timer = setTimeout(
      () => resolve({ statusCode: 599, headers: {}, body: `no answer within ${REQUEST_TIMEOUT_MS} ms` }),
      REQUEST_TIMEOUT_MS,
    );
  });
  const answer = t.app
    .inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, ...(token ? bearer(token) : {}) },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      remoteAddress: nextAddress(),
    })
    .then((response) => ({
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.body,
    }));
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  people.learner = await mintPerson('learner');
  people.admin = await mintPerson('admin');
  bystander = await mintPerson('learner');
});
afterAll(() => t.close());

describe('schema-driven fuzzing', () => {
  it('answers every operation, field and caller without a 5xx and in the envelope', async () => {
    const started = performance.now();
    const operations = listOperations(t.app.swagger() as OpenApiDocument);
    expect(operations.length).toBeGreaterThan(50);
    const missing = await createRealThings(operations);
    const random = seededRandom(SEED);
    const tally: FuzzTally = {
      requests: { anonymous: 0, learner: 0, admin: 0 },
      failures: [],
      knownGaps: new Map(),
      safetyNet: new Map(),
      skipped: [],
      notes: missing.length > 0 ? [`setup could not create ${missing.join(', ')} (placeholders used)`] : [],
      seconds: 0,
    };
    // FUZZ_TRACE_FILE=/tmp/fuzz.tsv writes every request and answer, for a closer look.
    const trace: string[] = [];
    const ordered = operations
      .map((operation, index) => ({ operation, index }))
      .sort((a, b) => rank(a.operation) - rank(b.operation) || a.index - b.index)
      .map(({ operation }) => operation);

    for (const operation of ordered) {
      const name = `${operation.method} ${operation.path}`;
      const reason = skipReason(operation);
      if (reason) {
        tally.skipped.push({ operation: name, reason });
        continue;
      }
      const cases = buildCases(operation, {
        pathValue,
        hints,
        random,
        maxCasesPerField: MAX_CASES_PER_FIELD,
        csvTemplate,
      });
      for (const caller of ['anonymous', 'learner', 'admin'] as const) {
        // A stand-in for the rest of this operation when the caller's account reached a per-account limit.
        let stand: Person | null = null;
        for (const request of cases) {
          const token = caller === 'anonymous' ? null : (stand ?? people[caller]).token;
          let answer = await send(request, token);
          tally.requests[caller] += 1;
          if (answer.statusCode === 429 && caller !== 'anonymous') {
            stand = await mintPerson(caller);
            answer = await send(request, stand.token);
            tally.requests[caller] += 1;
          }
          if (process.env.FUZZ_TRACE_FILE) {
            trace.push(
              [caller, name, request.label, answer.statusCode, answer.body.slice(0, 300)].join('\t'),
            );
          }
          if (SAFETY_NET.test(answer.body)) tally.safetyNet.set(name, (tally.safetyNet.get(name) ?? 0) + 1);
          const problem = judgeAnswer(answer, FILE_ANSWERS.has(name));
          if (!problem) continue;
          const failure: FuzzFailure = {
            operation: name,
            caller,
            label: request.label,
            method: request.method,
            url: request.url,
            body: request.payload === undefined ? '' : request.payload.toString().slice(0, 300),
            status: answer.statusCode,
            reason: problem,
            answer: answer.body.slice(0, 400),
          };
          const gap = KNOWN_GAPS.find((known) => known.matches(failure));
          if (gap) tally.knownGaps.set(gap.gap, (tally.knownGaps.get(gap.gap) ?? 0) + 1);
          else tally.failures.push(failure);
        }
      }
      await keepCallersSignedIn();
    }
    for (const known of KNOWN_GAPS) {
      if (!tally.knownGaps.has(known.gap))
        tally.notes.push(`known gap no longer seen, remove it: ${known.gap}`);
    }
    tally.seconds = (performance.now() - started) / 1000;
    if (process.env.FUZZ_TRACE_FILE) writeFileSync(process.env.FUZZ_TRACE_FILE, trace.join('\n'));
    console.log(summaryLine(tally));
    const report = failureReport(tally.failures);
    if (report) console.log(report);
    expect(tally.failures.length, report).toBe(0);
    // ~37,000 requests take under three minutes on a quiet 2-core machine; each has its own 10 s
    // limit, so this bound is for the whole run on a busy CI machine, not for any one answer.
  }, 480_000);
});
