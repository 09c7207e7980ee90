// The API routes `npm run bench` measures, each compared with the bare Fastify route measured right
// next to it. Add a scenario here when a route's speed matters (see bench/README.md).

/** What a scenario can use to build its request: filled in once the app is up and signed in. */
export type SetupContext = {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** Session token of the bench user (bench@example.com), for `Authorization: Bearer`. */
  token: string;
  /** The bench user's `_id`. */
  userId: string;
  email: string;
};

type FromContext<T> = T | ((context: SetupContext) => T);

export type Scenario = {
  /** Shown in the table; keep it short and unique. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path on the app, starting with `/` (query string allowed). */
  path: FromContext<string>;
  headers?: FromContext<Record<string, string>>;
  /** Request body (sent as is; set a content-type header with it). */
  body?: FromContext<string>;
  /**
   * The share of the bare route's requests/s this route must reach (0.25 = 25 %). Unset: measured and
   * reported, never fails on speed.
   */
  minRatio?: number;
  /** Runs once before the warm-up, e.g. to create the data the route reads (through the API). */
  setup?: (context: SetupContext) => Promise<void>;
};

/** `Authorization: Bearer <token>` for the bench user. */
export const asBenchUser = (context: SetupContext): Record<string, string> => ({
  authorization: `Bearer ${context.token}`,
});

export const scenarios: Scenario[] = [
  {
    // Liveness + one database round-trip (SELECT 1 on the embedded PGlite): bounded by the database.
    name: 'health',
    method: 'GET',
    path: '/api/v1/health',
  },
  {
    // Read on every page load: the user from the identity cache (authenticateCached), which every
    // write by or to the user forgets first (issue 19: ≥ 25 %).
    name: 'user details (auth)',
    method: 'GET',
    path: (context) => `/api/v1/user/details/${context.userId}`,
    headers: asBenchUser,
    minRatio: 0.25,
  },
  {
    // The /group page's list: cached authentication and a list served from memory (issue 7: ≥ 25 %).
    name: 'group list (auth)',
    method: 'GET',
    path: '/api/v1/group/',
    headers: asBenchUser,
    minRatio: 0.25,
  },
  {
    // Live standings of a running competition from the engine's memory, for an approved member.
    name: 'leaderboard (auth)',
    method: 'GET',
    path: '/api/v1/group/group-running/leaderboard',
    headers: asBenchUser,
    minRatio: 0.25,
    setup: joinRunningCompetition,
  },
  // The other reads a signed-in page makes on load (issue 19): each the caller's own, served from
  // memory for at most a second under their change generation (docs/decisions/019-read-caches.md).
  {
    name: 'unread count (auth)',
    method: 'GET',
    path: '/api/v1/notification/unread-count',
    headers: asBenchUser,
    minRatio: 0.25,
  },
  {
    name: 'notifications page (auth)',
    method: 'GET',
    path: (context) => `/api/v1/notification/all?read=false&userId=${context.userId}`,
    headers: asBenchUser,
    minRatio: 0.25,
  },
  {
    name: 'my competitions (auth)',
    method: 'GET',
    path: '/api/v1/group/mine',
    headers: asBenchUser,
    minRatio: 0.25,
    setup: joinRunningCompetition,
  },
  {
    name: 'account summary (auth)',
    method: 'GET',
    path: '/api/v1/group/group-running/account',
    headers: asBenchUser,
    minRatio: 0.25,
    setup: joinRunningCompetition,
  },
  {
    name: 'courses list (auth)',
    method: 'GET',
    path: '/api/v1/courses',
    headers: asBenchUser,
    minRatio: 0.25,
  },
  {
    name: 'one course (auth)',
    method: 'GET',
    path: '/api/v1/courses/course1',
    headers: asBenchUser,
    minRatio: 0.25,
  },
  {
    name: 'news first page (auth)',
    method: 'GET',
    path: '/api/v1/news?page=1&pageSize=10',
    headers: asBenchUser,
    minRatio: 0.25,
  },
  {
    name: 'journal calendar (auth)',
    method: 'GET',
    path: `/api/v1/journal/calendar?month=${new Date().toISOString().slice(0, 7)}`,
    headers: asBenchUser,
    minRatio: 0.25,
  },
  {
    name: 'journal stats (auth)',
    method: 'GET',
    path: '/api/v1/journal/stats',
    headers: asBenchUser,
    minRatio: 0.25,
  },
  {
    name: 'journal summary (auth)',
    method: 'GET',
    path: '/api/v1/journal/summary',
    headers: asBenchUser,
    minRatio: 0.25,
  },
];

/** Joins the running sample competition and approves the request (the bench user is an admin). */
export async function joinRunningCompetition(context: SetupContext): Promise<void> {
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${context.baseUrl}${path}`, {
      method,
      headers: { ...asBenchUser(context), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const joined = await call('POST', '/api/v1/group/group-running/participants', { userId: context.userId });
  if (joined.status !== 201 && joined.status !== 409)
    throw new Error(`join failed: ${joined.status} ${await joined.text()}`);
  const requests = (await (await call('GET', '/api/v1/admin/groups/group-running/participants')).json()) as {
    data: Array<{ _id: string; userId: string; status: string }>;
  };
  const mine = requests.data.find((row) => row.userId === context.userId);
  if (!mine) throw new Error('the join request is missing');
  if (mine.status !== 'approved') {
    const approved = await call(
      'POST',
      `/api/v1/admin/groups/group-running/participants/${mine._id}/approve`,
    );
    if (!approved.ok) throw new Error(`approve failed: ${approved.status} ${await approved.text()}`);
  }
}

export function fromContext<T>(value: FromContext<T>, context: SetupContext): T;
export function fromContext<T>(value: FromContext<T> | undefined, context: SetupContext): T | undefined;
export function fromContext<T>(value: FromContext<T> | undefined, context: SetupContext): T | undefined {
  return typeof value === 'function' ? (value as (context: SetupContext) => T)(context) : value;
}
