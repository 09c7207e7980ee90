import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiClient,
  configureApiClient,
  EARLY_GET_MAX_AGE_MS,
  forgetEarlyGets,
  startEarlyGet,
} from './api-client';

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

  describe('a GET started early (a signed-in first load)', () => {
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
