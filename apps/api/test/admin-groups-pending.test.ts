import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardedUser } from '../src/services/users/create-onboarded-user.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, role] of [
    ['asha', 'user'],
    ['ravi', 'user'],
    ['mira', 'user'],
    ['admin', 'admin'],
  ] as const) {
    const user = await createOnboardedUser(t.database.db, {
      email: `${name}@example.com`,
      password: 'password-for-tests',
      firstName: name,
      lastName: 'Tester',
      role,
    });
    ids[name] = user.id;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `${name}@example.com`, password: 'password-for-tests' },
    });
    tokens[name] = login.json().data.token;
  }
});
afterAll(() => t.close());

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tokens[who]), payload });

async function createGroup(name: string): Promise<string> {
  const created = await as('admin', 'POST', '/admin/groups', {
    name,
    startDate: new Date(Date.now() + 86_400_000).toISOString(),
    endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    freezeDuration: 600_000,
    freezeThreshold: 5,
  });
  expect(created.statusCode).toBe(201);
  return created.json().data._id;
}

async function join(who: string, groupId: string): Promise<string> {
  const answer = await as(who, 'POST', `/group/${groupId}/participants`, { userId: ids[who] });
  expect(answer.statusCode).toBe(201);
  return answer.json().data._id;
}

describe('GET /admin/groups', () => {
  it('counts the join requests waiting in each group, for admins only', async () => {
    const busy = await createGroup('Busy Cup');
    const quiet = await createGroup('Quiet Cup');
    const ashaRequest = await join('asha', busy);
    await join('ravi', busy);
    const miraRequest = await join('mira', busy);
    await join('mira', quiet);
    const decided = await as('admin', 'POST', `/admin/groups/${busy}/participants/${ashaRequest}/approve`);
    expect(decided.statusCode).toBe(200);
    expect(
      (await as('admin', 'POST', `/admin/groups/${busy}/participants/${miraRequest}/reject`)).statusCode,
    ).toBe(200);
    const empty = await createGroup('Empty Cup');

    const list = await as('admin', 'GET', '/admin/groups');
    expect(list.statusCode).toBe(200);
    const byId = new Map(
      (list.json().data as Array<{ _id: string; pendingRequests: number; participantsCount: number }>).map(
        (group) => [group._id, group],
      ),
    );
    expect(byId.get(busy)).toMatchObject({ name: 'Busy Cup', pendingRequests: 1, participantsCount: 1 });
    expect(byId.get(quiet)).toMatchObject({ pendingRequests: 1, participantsCount: 0 });
    expect(byId.get(empty)).toMatchObject({ pendingRequests: 0 });

    expect((await as('asha', 'GET', '/admin/groups')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/groups' })).statusCode).toBe(401);
    // The public list does not tell learners about other people's requests.
    const open = await as('asha', 'GET', '/group/');
    expect(open.json().data[0]).not.toHaveProperty('pendingRequests');
  });
});
