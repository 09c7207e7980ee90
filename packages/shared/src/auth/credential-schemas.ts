import { z } from '../api/zod-messages.ts';

export const PASSWORD_MIN_LENGTH = 8;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email('Please enter a valid e-mail address.'));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.`)
  .max(200, 'Please keep the password under 200 characters.');

export const personNameSchema = z
  .string()
  .trim()
  .min(1, 'This field is required.')
  .max(60, 'Please keep names under 60 characters.');
