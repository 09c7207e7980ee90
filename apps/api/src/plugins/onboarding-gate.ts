import { nextOnboardingStep } from '@candlewise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../app.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * What a learner can do only once onboarding is complete (docs/architecture.md §Identity and sessions): join a competition, pay, keep
 * a journal, connect a broker. Everything else (courses, news, the profile) is open to a signed-in
 * account at any step. One list, so a new route of these areas is covered without remembering to.
 */
const GATED: Array<{ method?: string; prefix: string }> = [
  { method: 'POST', prefix: '/group/:groupId/participants' },
  { method: 'POST', prefix: '/plans/checkout' },
  { prefix: '/journal' },
  { prefix: '/broker' },
];

const STEP_SENTENCES = {
  '/confirm-email': 'Confirm your e-mail address first: enter the 6-digit code we sent you.',
  '/add-phno': 'Add and confirm your phone number first.',
  '/user-details': 'Complete your profile first (your name and trading experience).',
} as const;

function isGated(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (!route?.startsWith(API_PREFIX)) return false;
  const path = route.slice(API_PREFIX.length);
  return GATED.some(
    (gate) =>
      (!gate.method || gate.method === request.method) &&
      (path === gate.prefix || path.startsWith(`${gate.prefix}/`)),
  );
}

export const onboardingGatePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    const user = request.currentUser;
    if (!user || !isGated(request)) return;
    const step = nextOnboardingStep({
      role: user.role,
      emailVerified: Boolean(user.emailVerifiedAt),
      phoneVerified: Boolean(user.phoneVerifiedAt),
    });
    if (!step) return;
    throw new AppError(403, 'ONBOARDING_REQUIRED', STEP_SENTENCES[step], [{ path: 'step', message: step }]);
  });
});
