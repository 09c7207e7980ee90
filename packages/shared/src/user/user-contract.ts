import { z } from 'zod';
import { apiData, apiSuccessWithMessage, defineContract } from '../api/contract.ts';
import { deleteAccountSchema, updateUserDetailsSchema } from '../auth/account-schemas.ts';
import { planStatuses, userRoles } from './user-types.ts';

/** The user object the API returns (never a hash, a code or a secret) and the web app stores. */
export const publicUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  role: z.enum(userRoles).nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  lastNotificationViewedAt: z.string().nullable(),
  planStatus: z.enum(planStatuses),
  /** Unix seconds, as the spec says; null when the user never subscribed. */
  planExpirationDate: z.number().nullable(),
  /** The IANA zone the journal reads days and hours in (default Asia/Kolkata). */
  timeZone: z.string(),
  createdAt: z.string(),
});
export type PublicUser = z.output<typeof publicUserSchema>;

/** `{ user }`: what every write to the user answers (sign-in and onboarding steps included). */
export const userAnswerSchema = apiData(z.object({ user: publicUserSchema }));

/** Users (ADR 023): the caller's details, profile writes, the avatar file and deleting the account. */
export const userContract = defineContract({
  getUserDetails: {
    method: 'GET',
    path: '/user/details/:userId',
    params: z.object({ userId: z.string().min(1).max(64) }),
    response: apiData(z.object({ userData: publicUserSchema })),
  },
  updateUserDetails: {
    method: 'PUT',
    path: '/user/update/user-details',
    body: updateUserDetailsSchema,
    response: userAnswerSchema,
  },
  /** Multipart: the picture in the field "image" (PNG, JPEG or WebP; at most 2 MB). */
  uploadProfileImage: {
    method: 'PUT',
    path: '/user/profile-image',
    response: userAnswerSchema,
  },
  getAvatar: {
    method: 'GET',
    path: '/uploads/avatars/:file',
    params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.(png|jpg|webp)$/, 'Unknown file.') }),
    produces: 'image/*',
    response: z.string().meta({ format: 'binary', description: 'The picture (PNG, JPEG or WebP)' }),
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/user/account',
    body: deleteAccountSchema,
    response: apiSuccessWithMessage(z.null()),
  },
});
