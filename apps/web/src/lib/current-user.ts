import type { PublicUser } from '@candlewise/shared';
import { useSelector } from 'react-redux';

/**
 * The part of the store any feature may read. Declared here rather than imported from the app so
 * features do not depend on the app's wiring (app/store.ts checks its state still conforms).
 */
export type SessionSlices = { auth: { token: string | null; user: PublicUser | null } };

/** The signed-in user, or null when signed out. */
export function useCurrentUser(): PublicUser | null {
  return useSelector((state: SessionSlices) => state.auth.user);
}

/** "Ada Lovelace", or the e-mail address until onboarding has asked for a name. */
export function getFullName(user: Pick<PublicUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}
