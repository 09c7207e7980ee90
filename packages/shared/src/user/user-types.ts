/** The user object the API returns (never a hash, a code or a secret) and the web app stores. */
export type UserRole = 'user' | 'admin';

export const planStatuses = ['active', 'canceled', 'Not Subscribed'] as const;
export type PlanStatus = (typeof planStatuses)[number];

export type PublicUser = {
  _id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profile_image_url: string | null;
  role: UserRole | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneVerified: boolean;
  lastNotificationViewedAt: string | null;
  planStatus: PlanStatus;
  /** Unix seconds, as the spec says; null when the user never subscribed. */
  planExpirationDate: number | null;
  /** The IANA zone the journal reads days and hours in (default Asia/Kolkata). */
  timeZone: string;
  createdAt: string;
};
