import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, configureApiClient } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
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
});
