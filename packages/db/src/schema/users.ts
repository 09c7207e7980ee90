import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    /** null until onboarding completes, then 'user'; 'admin' for administrators. */
    role: text('role', { enum: ['user', 'admin'] }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneNumber: text('phone_number'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    experienceLevel: text('experience_level'),
    interests: jsonb('interests').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Bumped by logout-everywhere, password change and reset: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastNotificationViewedAt: timestamp('last_notification_viewed_at', { withTimezone: true }),
    planStatus: text('plan_status', { enum: ['active', 'canceled', 'Not Subscribed'] })
      .notNull()
      .default('Not Subscribed'),
    /** Unix seconds, as the product spec states it. */
    planExpirationDate: bigint('plan_expiration_date', { mode: 'number' }),
    /** IANA zone of the learner's journal days, weekdays and hours (daylight saving included). */
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_role_idx').on(table.role),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Tokens signed out one by one (logout); kept until they would have expired anyway. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('revoked_tokens_expires_idx').on(table.expiresAt)],
);
