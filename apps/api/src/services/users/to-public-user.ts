import type { UserRow } from '@candlewise/db';
import type { PublicUser } from '@candlewise/shared';

/** The user as clients see it: never a hash, a code or a secret. */
export function toPublicUser(user: UserRow): PublicUser {
  return {
    _id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profile_image_url: user.profileImageUrl,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    phoneNumber: user.phoneNumber,
    phoneVerified: user.phoneVerifiedAt !== null,
    lastNotificationViewedAt: user.lastNotificationViewedAt?.toISOString() ?? null,
    planStatus: user.planStatus,
    planExpirationDate: user.planExpirationDate,
    timeZone: user.timeZone,
    createdAt: user.createdAt.toISOString(),
  };
}
