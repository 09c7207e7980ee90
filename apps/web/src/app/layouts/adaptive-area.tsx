import { useAppSelector } from '@/app/store';
import { LazyAppFrame } from './lazy-app-frame';
import { PublicPage } from './public-area';

/**
 * Contact, policy, pricing and sales pages (docs/decisions/002): the spec puts them in the protected
 * wrapper, but they must be readable before sign-in. Signed-in users read them inside the frame,
 * visitors inside the public layout; no one is redirected.
 */
export function AdaptiveArea() {
  const signedIn = useAppSelector((state) => Boolean(state.auth.token && state.auth.user));
  return signedIn ? <LazyAppFrame /> : <PublicPage />;
}
