import { isoDateTime } from '../api/date-time.ts';
import { z } from '../api/zod-messages.ts';
import { isTimeZone } from '../trading/risk-rules.ts';
import { emailSchema, passwordSchema, personNameSchema } from './credential-schemas.ts';
import { PHONE_COUNTRIES } from './phone-countries.ts';

export { PHONE_COUNTRIES };

/** An IANA time zone such as Asia/Kolkata or America/New_York. */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, 'Choose a time zone.')
  .max(64)
  .refine(isTimeZone, 'Use a time zone such as Asia/Kolkata or America/New_York.');

/** E.164: a plus sign, a country code and up to 15 digits in all (spaces and dashes are removed first). */
export const phoneNumberSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/, 'Enter the number in international format, for example +919876543210.'),
  );

export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code is the 6 digits we sent you.');

export const signUpSchema = z.object({ email: emailSchema, password: passwordSchema });
export const logInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Please enter your password.').max(200, 'That password is too long.'),
});
export const confirmCodeSchema = z.object({ code: verificationCodeSchema });
export const resendCodeSchema = z.object({
  channel: z.enum(['email', 'phone'], { message: 'Choose "email" or "phone".' }),
});
export const addPhoneSchema = z.object({ phoneNumber: phoneNumberSchema });

/**
 * The phone forms: a country code picked from the list and the number as people write it at home
 * (9876543210, 098765 43210); a number typed with its own +country code is taken as it is. The
 * result is the E.164 number the API takes.
 */
export const phoneFormSchema = z
  .object({
    countryCode: z.enum(PHONE_COUNTRIES.map((entry) => entry.code) as [string, ...string[]], {
      message: 'Choose a country code.',
    }),
    phoneNumber: z.string().max(40, 'That number is too long.'),
  })
  .transform(({ countryCode, phoneNumber }, context) => {
    const typed = phoneNumber.trim().replace(/[\s().-]/g, '');
    if (!typed) {
      context.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'Enter your phone number.' });
      return z.NEVER;
    }
    const full = typed.startsWith('+') ? typed : `${countryCode}${typed.replace(/^0+/, '')}`;
    const parsed = phoneNumberSchema.safeParse(full);
    if (!parsed.success) {
      context.addIssue({
        code: 'custom',
        path: ['phoneNumber'],
        message: typed.startsWith('+')
          ? parsed.error.issues[0].message
          : 'Enter the number without the country code, for example 9876543210.',
      });
      return z.NEVER;
    }
    return { phoneNumber: parsed.data };
  });

export const experienceLevels = ['beginner', 'intermediate', 'advanced'] as const;
export const interestOptions = [
  'stock market',
  'trading psychology',
  'technical analysis',
  'fundamental analysis',
  'options',
  'risk management',
  'forex',
  'crypto',
] as const;

export const userDetailsSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  experienceLevel: z.enum(experienceLevels, { message: 'Choose beginner, intermediate or advanced.' }),
  interests: z
    .array(z.enum(interestOptions, { message: 'Choose interests from the list.' }))
    .max(interestOptions.length)
    .default([]),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  password: passwordSchema,
});
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password.').max(200),
  newPassword: passwordSchema,
});
export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Please enter your password to confirm.').max(200),
});

/** The spec's PUT user/update/user-details: userId must be the caller's; profile fields are optional. */
export const updateUserDetailsSchema = z.object({
  userId: z.string().min(1).max(64),
  lastNotificationViewedAt: isoDateTime().optional(),
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  experienceLevel: z.enum(experienceLevels).optional(),
  interests: z.array(z.enum(interestOptions)).max(interestOptions.length).optional(),
  /** The IANA zone the journal reads days and hours in. */
  timeZone: timeZoneSchema.optional(),
});

export type SignUpInput = z.infer<typeof signUpSchema>;
export type UserDetailsInput = z.infer<typeof userDetailsSchema>;
export type UpdateUserDetailsInput = z.infer<typeof updateUserDetailsSchema>;

/** Where onboarding stands: the next page a signed-in user without a role should see. */
export function nextOnboardingStep(user: {
  role: string | null;
  emailVerified: boolean;
  phoneVerified: boolean;
}): '/confirm-email' | '/add-phno' | '/user-details' | null {
  if (user.role) return null;
  if (!user.emailVerified) return '/confirm-email';
  if (!user.phoneVerified) return '/add-phno';
  return '/user-details';
}
