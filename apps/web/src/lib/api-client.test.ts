import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, configureApiClient, EARLY_GET_MAX_AGE_MS, forgetEarlyGets } from './api-client';
import { startEarlyGet } from './early-gets';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetEarlyGets();
  configureApiClient({ getToken: () => null });
});

describe('the API client', () => {
  it('sends a learner whose onboarding is unfinished to the step the API names', async () => {
    const resume = vi.fn();
    configureApiClient({ getToken: () => 'token', onOnboardingRequired: resume });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            success: false,
            code: 'ONBOARDING_REQUIRED',
            message: 'Add and confirm your phone number first.',
            details: [{ path: 'step', message: '/add-phno' }],
          },
          { status: 403 },
        ),
      ),
    );
    const failure = await apiClient.post('/plans/checkout', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Add and confirm your phone number first.');
    expect(resume).toHaveBeenCalledWith('/add-phno');
  });

  it('does not move anyone for another 403', async () => {
    const resume = vi.fn();
    configureApiClient({ getToken: () => 'token', onOnboardingRequired: resume });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ success: false, code: 'FORBIDDEN', message: 'Not yours.' }, { status: 403 }),
      ),
    );
    await apiClient.get('/user/details/someone').catch(() => undefined);
    expect(resume).not.toHaveBeenCalled();
  });

  it('carries a 429’s Retry-After, in seconds, on the error', async () => {
    configureApiClient({ getToken: () => null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            success: false,
            code: 'RATE_LIMITED',
            message: 'Too many requests. Please wait 2 minutes and try again.',
          },
          { status: 429, headers: { 'Retry-After': '97' } },
        ),
      ),
    );
    const failure = await apiClient
      .post('/auth/resend-code', { channel: 'email' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).retryAfter).toBe(97);
  });

  describe('a GET started early (a signed-in first load)', () => {
    /** The scripts the API puts into the HTML (apps/api/src/plugins/prerender-head.ts), as they are. */
    async function apiHeadScripts() {
      const file = '../../../api/src/plugins/prerender-head.ts';
      return (await import(/* @vite-ignore */ file)) as { FIRST_READS_SCRIPT: string };
    }

    /** A server that answers every GET with how many requests it has had so far. */
    function countingServer() {
      const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
        Response.json({ success: true, data: { answer: fetchMock.mock.calls.length } }),
      );
      vi.stubGlobal('fetch', fetchMock);
      return fetchMock;
    }

    it('is the answer the page gets: one request, with the token, not two', async () => {
      configureApiClient({ getToken: () => 'token-a' });
      const fetchMock = countingServer();
      startEarlyGet('/courses');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/courses');
      expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('Authorization')).toBe('Bearer token-a');
      expect((await apiClient.get('/courses')).data).toEqual({ answer: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // Taken once: the next read asks the server again.
      expect((await apiClient.get('/courses')).data).toEqual({ answer: 2 });
    });

    it('is not used for another address, another token, after a write, or when too old', async () => {
      countingServer();
      configureApiClient({ getToken: () => 'token-a' });
      startEarlyGet('/courses');
      expect((await apiClient.get('/journal/summary')).data).toEqual({ answer: 2 });

      configureApiClient({ getToken: () => 'token-b' });
      expect((await apiClient.get('/courses')).data).toEqual({ answer: 3 });

      startEarlyGet('/courses');
      await apiClient.post('/journal/trades', {});
      expect((await apiClient.get('/courses')).data).toEqual({ answer: 6 });

      vi.useFakeTimers({ toFake: ['Date'] });
      startEarlyGet('/courses');
      vi.setSystemTime(Date.now() + EARLY_GET_MAX_AGE_MS + 1);
      expect((await apiClient.get('/courses')).data).toEqual({ answer: 8 });
    });

    it('takes over the GET the HTML started (the API’s head script), asked with the same token', async () => {
      // The very script the API puts into a signed-in page's HTML (apps/api/src/plugins/spa.ts).
      const { FIRST_READS_SCRIPT } = await apiHeadScripts();
      const fetchMock = countingServer();
      localStorage.setItem('persist:root', JSON.stringify({ auth: JSON.stringify({ token: 'token-a' }) }));
      const meta = document.createElement('meta');
      meta.name = 'cw:first-reads';
      meta.content = '/api/v1/courses /api/v1/journal/summary';
      document.head.append(meta);
      try {
        new Function(FIRST_READS_SCRIPT)();
        expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
          '/api/v1/courses',
          '/api/v1/journal/summary',
        ]);
        expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('Authorization')).toBe('Bearer token-a');

        configureApiClient({ getToken: () => 'token-a' });
        const seen: unknown[] = [];
        startEarlyGet('/courses', (data) => seen.push(data));
        expect((await apiClient.get('/courses')).data).toEqual({ answer: 1 });
        await vi.waitFor(() => expect(seen).toEqual([{ answer: 1 }]));
        // Someone else signed in since: the HTML's answer was for the old session, so it is asked again.
        configureApiClient({ getToken: () => 'token-b' });
        startEarlyGet('/journal/summary');
        expect((await apiClient.get('/journal/summary')).data).toEqual({ answer: 3 });
        expect(fetchMock).toHaveBeenCalledTimes(3);
      } finally {
        meta.remove();
        localStorage.clear();
        delete window.cwFirstReads;
      }
    });

    it('is not started by the HTML without a stored session', async () => {
      const { FIRST_READS_SCRIPT } = await apiHeadScripts();
      const fetchMock = countingServer();
      const meta = document.createElement('meta');
      meta.name = 'cw:first-reads';
      meta.content = '/api/v1/courses';
      document.head.append(meta);
      try {
        localStorage.setItem('persist:root', 'not json');
        new Function(FIRST_READS_SCRIPT)();
        localStorage.setItem('persist:root', JSON.stringify({ auth: JSON.stringify({ token: null }) }));
        new Function(FIRST_READS_SCRIPT)();
        expect(fetchMock).not.toHaveBeenCalled();
        expect(window.cwFirstReads).toBeUndefined();
      } finally {
        meta.remove();
        localStorage.clear();
      }
    });

    it('hands its data to onData and still gives the page the whole answer', async () => {
      configureApiClient({ getToken: () => 'token-a' });
      countingServer();
      const seen: unknown[] = [];
      startEarlyGet('/courses', (data) => seen.push(data));
      expect((await apiClient.get('/courses')).data).toEqual({ answer: 1 });
      await vi.waitFor(() => expect(seen).toEqual([{ answer: 1 }]));
    });

    it('keeps a failed answer from onData and lets the page report it', async () => {
      configureApiClient({ getToken: () => 'token-a' });
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          Response.json({ success: false, code: 'UNAVAILABLE', message: 'Try again soon.' }, { status: 503 }),
        ),
      );
      const onData = vi.fn();
      startEarlyGet('/courses', onData);
      const failure = await apiClient.get('/courses').catch((error: unknown) => error);
      expect((failure as ApiError).message).toBe('Try again soon.');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(onData).not.toHaveBeenCalled();
    });

    it('is not started without a session', () => {
      const fetchMock = countingServer();
      startEarlyGet('/courses');
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });
});
