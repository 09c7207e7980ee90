import { z } from 'zod';
import { apiData, apiSuccessWithMessage, defineContract } from '../api/contract.ts';
import { publicUserSchema, userAnswerSchema } from '../user/user-contract.ts';
import {
  addPhoneSchema,
  changePasswordSchema,
  confirmCodeSchema,
  forgotPasswordSchema,
  logInSchema,
  resendCodeSchema,
  resetPasswordSchema,
  signUpSchema,
  userDetailsSchema,
} from './account-schemas.ts';

/** A signed-in session: the bearer token and the user it belongs to. */
export const sessionSchema = z.object({ token: z.string(), user: publicUserSchema });
/** A step that answers only its sentence (`data` is null). */
const sentence = apiSuccessWithMessage(z.null());

/** Sign-up, sign-in, onboarding steps, passwords and signing out (ADR 023). */
export const authContract = defineContract({
  /**
   * The same sentence for a new and a registered address, and no session (ADR 027): the learner
   * logs in next; the owner of a registered address gets an e-mail instead of a code.
   */
  signUp: {
    method: 'POST',
    path: '/auth/signup',
    body: signUpSchema,
    status: 201,
    response: sentence,
  },
  logIn: { method: 'POST', path: '/auth/login', body: logInSchema, response: apiData(sessionSchema) },
  confirmEmail: {
    method: 'POST',
    path: '/auth/confirm-email',
    body: confirmCodeSchema,
    response: userAnswerSchema,
  },
  resendCode: { method: 'POST', path: '/auth/resend-code', body: resendCodeSchema, response: sentence },
  addPhone: { method: 'POST', path: '/auth/phone', body: addPhoneSchema, response: sentence },
  confirmPhone: {
    method: 'POST',
    path: '/auth/confirm-phone',
    body: confirmCodeSchema,
    response: userAnswerSchema,
  },
  completeUserDetails: {
    method: 'POST',
    path: '/auth/user-details',
    body: userDetailsSchema,
    response: userAnswerSchema,
  },
  forgotPassword: {
    method: 'POST',
    path: '/auth/forgot-password',
    body: forgotPasswordSchema,
    response: sentence,
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    body: resetPasswordSchema,
    response: sentence,
  },
  changePassword: {
    method: 'POST',
    path: '/auth/change-password',
    body: changePasswordSchema,
    /** This device's new token: every other one is signed out. */
    response: apiSuccessWithMessage(z.object({ token: z.string() })),
  },
  logOut: { method: 'POST', path: '/auth/logout', response: sentence },
  logOutEverywhere: { method: 'POST', path: '/auth/logout-all', response: sentence },
});
