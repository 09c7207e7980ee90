import { authContract } from '@candlewise/shared/auth/auth-contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { retryAfterSeconds, waitText } from '../../lib/wait-text.ts';
import { logIn } from '../../services/auth/log-in.ts';
import {
  addPhoneNumber,
  completeUserDetails,
  confirmEmail,
  confirmPhone,
  resendCode,
} from '../../services/auth/onboarding.ts';
import { changePassword, requestPasswordReset, resetPassword } from '../../services/auth/passwords.ts';
import { revokeAllTokens, revokeToken } from '../../services/auth/sessions.ts';
import { SIGN_UP_ANSWER, signUp } from '../../services/auth/sign-up.ts';
import { toPublicUser } from '../../services/users/to-public-user.ts';

const c = authContract;

const FIFTEEN_MINUTES = 15 * 60_000;
const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.database.db,
    secret: app.config.appSecret,
    mailer: app.mailer,
    sms: app.smsSender,
  });

  // Guessing is slow from one address and against one account, each counted on its own.
  const perIp = (name: string, max: number) =>
    app.limit({ max, windowMs: FIFTEEN_MINUTES, key: (request) => `${name}:ip:${request.ip}` });
  /**
   * The onboarding steps' per-address limits (phone, confirmations): at least what each account an
   * address may sign up needs (SIGNUPS_PER_IP_PER_15_MIN raised for a classroom or a test run
   * raises them alike); the per-account wrong-code limits are what stop guessing.
   */
  const onboardingPerIp = (least: number, perAccount: number) =>
    Math.max(least, app.config.signupsPerIp * perAccount);
  const perEmail = (name: string, max: number) =>
    app.limit({ max, windowMs: FIFTEEN_MINUTES, key: (request) => `${name}:email:${bodyEmail(request)}` });
  // Text messages cost money: at most this many a day per account, whatever the number, on top of
  // the 60 s wait between two codes (SMS toll fraud through changing the number).
  const SMS_PER_DAY = 10;
  const withinDailySmsCap = async (userId: string, send: () => Promise<void>) => {
    const key = `sms-daily:user:${userId}`;
    const reserved = await app.attempts.reserve(key, SMS_PER_DAY, 86_400_000);
    if (!reserved.allowed) {
      const hours = Math.max(1, Math.ceil(reserved.retryAfterMs / 3_600_000));
      throw new AppError(
        429,
        'RATE_LIMITED',
        `We have sent the ${SMS_PER_DAY} text messages an account can get in a day. Try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
        undefined,
        { 'Retry-After': String(Math.ceil(reserved.retryAfterMs / 1000)) },
      );
    }
    try {
      await send();
    } catch (error) {
      await app.attempts.release(key); // nothing was sent
      throw error;
    }
  };
  const perUser = (name: string, max: number) =>
    app.limit({ max, windowMs: FIFTEEN_MINUTES, key: (request) => `${name}:user:${request.currentUser.id}` });
  // Wrong codes per account: 10 in 15 minutes, counted before the answer (a right code gives its
  // place back). A freshly issued code starts the count afresh, so the owner who asks for a new
  // code gets in with it; each code still takes only 5 wrong tries, a new one comes after 60 s, and
  // the per-address limits stay. Otherwise 40 wrong guesses locked the right code out for 15 min.
  const CODE_GUESSES_PER_USER = 10;
  const guessKey = (channel: 'email' | 'phone', userId: string) => `confirm-${channel}:user:${userId}`;
  const countingWrongCodes = async <T>(key: string, check: () => Promise<T>): Promise<T> => {
    const reserved = await app.attempts.reserve(key, CODE_GUESSES_PER_USER, FIFTEEN_MINUTES);
    if (!reserved.allowed) {
      const seconds = retryAfterSeconds(reserved.retryAfterMs);
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Too many wrong codes. Ask for a new code, or wait ${waitText(seconds)}.`,
        [{ path: 'code', message: 'Too many wrong codes. Ask for a new code.' }],
        { 'Retry-After': String(seconds) },
      );
    }
    try {
      const result = await check();
      await app.attempts.release(key);
      return result;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 400) await app.attempts.release(key);
      throw error;
    }
  };

  app.post(
    '/auth/signup',
    {
      preHandler: [perIp('signup', app.config.signupsPerIp)],
      schema: {
        tags: ['auth'],
        summary:
          'Create an account and e-mail its 6-digit code; then log in. A registered address gets the same answer, and its owner an e-mail',
        body: c.signUp.body,
        response: { 201: c.signUp.response },
      },
    },
    async (request, reply) => {
      // One note an hour to the owner of a registered address, however often it is tried.
      const mayNotifyOwner = async (email: string) =>
        (await app.attempts.reserve(`signup-notice:${email.toLowerCase()}`, 1, 60 * 60_000)).allowed;
      await signUp(app.database.db, app.mailer, app.config.appSecret, request.body, mayNotifyOwner);
      return reply.code(201).send({ success: true as const, message: SIGN_UP_ANSWER, data: null });
    },
  );

  app.post(
    '/auth/login',
    {
      preHandler: [perIp('login', 300)],
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: c.logIn.body,
        response: { 200: c.logIn.response },
      },
    },
    async (request) => {
      // Guessing is what is limited, counted before the answer (services/auth/sign-in-guard.ts).
      const { email, password } = request.body;
      return {
        success: true as const,
        data: await app.signInGuard.attempt(email, request.ip, () =>
          logIn(app.database.db, app.config.appSecret, email, password),
        ),
      };
    },
  );

  app.post(
    '/auth/confirm-email',
    {
      onRequest: app.authenticate,
      preHandler: [perIp('confirm', onboardingPerIp(30, 3))],
      schema: {
        tags: ['auth'],
        summary: 'Confirm the e-mail with its code',
        body: c.confirmEmail.body,
        response: { 200: c.confirmEmail.response },
      },
    },
    async (request) => {
      const user = await countingWrongCodes(guessKey('email', request.currentUser.id), () =>
        confirmEmail(deps(), request.currentUser, request.body.code),
      );
      return { success: true as const, data: { user: toPublicUser(user) } };
    },
  );

  app.post(
    '/auth/resend-code',
    {
      onRequest: app.authenticate,
      preHandler: [perIp('resend', 20)],
      schema: {
        tags: ['auth'],
        summary: 'Send a new code (after 60 s)',
        body: c.resendCode.body,
        response: { 200: c.resendCode.response },
      },
    },
    async (request) => {
      const resend = () => resendCode(deps(), request.currentUser, request.body.channel);
      if (request.body.channel === 'phone') await withinDailySmsCap(request.currentUser.id, resend);
      else await resend();
      await app.attempts.clear(guessKey(request.body.channel, request.currentUser.id)); // a fresh code
      return {
        success: true as const,
        message:
          request.body.channel === 'email'
            ? 'We sent a new code to your e-mail.'
            : 'We sent a new code to your phone.',
        data: null,
      };
    },
  );

  app.post(
    '/auth/phone',
    {
      onRequest: app.authenticate,
      preHandler: [perIp('phone', onboardingPerIp(20, 2))],
      schema: {
        tags: ['auth'],
        summary: 'Add or change the phone number; a code is sent by SMS',
        body: c.addPhone.body,
        response: { 200: c.addPhone.response },
      },
    },
    async (request) => {
      await withinDailySmsCap(request.currentUser.id, () =>
        addPhoneNumber(deps(), request.currentUser, request.body.phoneNumber),
      );
      await app.attempts.clear(guessKey('phone', request.currentUser.id)); // a fresh code
      return { success: true as const, message: 'We sent a code to your phone.', data: null };
    },
  );

  app.post(
    '/auth/confirm-phone',
    {
      onRequest: app.authenticate,
      preHandler: [perIp('confirm', onboardingPerIp(30, 3))],
      schema: {
        tags: ['auth'],
        summary: 'Confirm the phone number with its code',
        body: c.confirmPhone.body,
        response: { 200: c.confirmPhone.response },
      },
    },
    async (request) => {
      const user = await countingWrongCodes(guessKey('phone', request.currentUser.id), () =>
        confirmPhone(deps(), request.currentUser, request.body.code),
      );
      return { success: true as const, data: { user: toPublicUser(user) } };
    },
  );

  app.post(
    '/auth/user-details',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Finish onboarding: name and profile, role becomes user',
        body: c.completeUserDetails.body,
        response: { 200: c.completeUserDetails.response },
      },
    },
    async (request) => {
      const user = await completeUserDetails(app.database.db, request.currentUser, request.body);
      return { success: true as const, data: { user: toPublicUser(user) } };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      preHandler: [perIp('forgot', 10), perEmail('forgot', 5)],
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset code',
        body: c.forgotPassword.body,
        response: { 200: c.forgotPassword.response },
      },
    },
    async (request) => {
      // The same answer, in the same time, whether or not the e-mail has an account: the code is
      // issued and mailed after the answer has left.
      const { email } = request.body;
      app.background.run('password reset code', () => requestPasswordReset(deps(), email));
      return {
        success: true as const,
        message: 'If an account uses that e-mail, we sent it a code. It works for 10 minutes.',
        data: null,
      };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      preHandler: [perIp('reset', 30), perEmail('reset', 10)],
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed code',
        body: c.resetPassword.body,
        response: { 200: c.resetPassword.response },
      },
    },
    async (request) => {
      const { userId } = await resetPassword(deps(), request.body);
      await app.forgetUser(userId); // old tokens stop at once, cached reads included
      await app.signInGuard.forgive(request.body.email, request.ip); // the owner signs in afresh
      return {
        success: true as const,
        message: 'Your password was changed. Log in with the new one.',
        data: null,
      };
    },
  );

  app.post(
    '/auth/change-password',
    {
      onRequest: app.authenticate,
      preHandler: [perUser('change-password', 10)],
      schema: {
        tags: ['auth'],
        summary: 'Change the password; other devices are signed out',
        body: c.changePassword.body,
        response: { 200: c.changePassword.response },
      },
    },
    async (request) => {
      const token = await changePassword(deps(), request.currentUser, request.body);
      return { success: true as const, message: 'Your password was changed.', data: { token } };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'Sign out this token', response: { 200: c.logOut.response } },
    },
    async (request) => {
      await revokeToken(app.database.db, request.sessionClaims);
      return { success: true as const, message: 'You are signed out.', data: null };
    },
  );

  app.post(
    '/auth/logout-all',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out every device',
        response: { 200: c.logOutEverywhere.response },
      },
    },
    async (request) => {
      await revokeAllTokens(app.database.db, request.currentUser.id);
      return { success: true as const, message: 'You are signed out on every device.', data: null };
    },
  );
};
