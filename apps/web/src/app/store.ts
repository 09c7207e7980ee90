import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  persistReducer,
  persistStore,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
// The ES build: the CommonJS `lib/storage` reaches the bundle as a module object, not the storage.
import storage from 'redux-persist/es/storage';
import { configureApiClient } from '@/lib/api-client';
import { authReducer, logout } from '@/lib/auth-slice';
import type { SessionSlices } from '@/lib/current-user';
import { systemPrefersDark, themeReducer } from '@/lib/theme-slice';

const rootReducer = combineReducers({ auth: authReducer, theme: themeReducer });

/** redux-persist writes under `${keyPrefix}${key}`, so the browser holds the state at `persist:root`. */
export const PERSIST_STORAGE_KEY = 'persist:root';

const persistConfig = {
  key: 'root',
  version: 1,
  storage,
  // docs/product-contract.md §9: give up reading the stored state after 5 s rather than keep the app blank.
  timeout: 5000,
  whitelist: ['auth', 'theme'],
};

const persistedReducer = persistReducer(persistConfig, rootReducer);

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store and its persistor; the app makes one, each test makes its own. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: persistedReducer,
    preloadedState: preloadedState as ReturnType<typeof persistedReducer> | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // redux-persist's own actions carry functions (register, rehydrate callbacks).
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });

  configureApiClient({
    getToken: () => store.getState().auth.token,
    getUser: () => store.getState().auth.user,
    // A 401 on a request that carried a token means the session is over (expired or revoked).
    onUnauthorized: () => store.dispatch(logout()),
    // The API says onboarding is not finished (the stored user is behind): resume at that step.
    onOnboardingRequired: (step) => {
      if (window.location.pathname !== step) window.location.assign(step);
    },
  });

  const persistor = persistStore(store);
  return { store, persistor };
}

/**
 * A store without persistence or API wiring, for rendering pages ahead of time at build time
 * (src/prerender.tsx): the state a signed-out visitor starts with.
 */
export function createStaticStore() {
  return configureStore({ reducer: rootReducer });
}

/** Resolves once the persistor has read the stored state back (or given up after its timeout). */
export function whenRehydrated(persistor: AppPersistor): Promise<void> {
  return new Promise((resolve) => {
    if (persistor.getState().bootstrapped) return resolve();
    const unsubscribe = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    });
  });
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type StaticStore = ReturnType<typeof createStaticStore>;
export type AppPersistor = ReturnType<typeof createAppStore>['persistor'];
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/**
 * The dark-mode choice straight from storage, before the store rehydrates, so the first paint
 * already has the right background (redux-persist stores each slice as a JSON string).
 */
export function readPersistedDarkMode(): boolean {
  try {
    const raw = window.localStorage.getItem(PERSIST_STORAGE_KEY);
    if (!raw) return systemPrefersDark();
    const theme = JSON.parse(JSON.parse(raw).theme ?? 'null') as { darkMode?: unknown } | null;
    return typeof theme?.darkMode === 'boolean' ? theme.darkMode : systemPrefersDark();
  } catch {
    return false;
  }
}

/** Features read the session through lib/current-user without importing the app: this fails to compile if the shapes drift apart. */
type Conforms<Actual extends Expected, Expected> = Actual;
export type SessionCompatibleState = Conforms<RootState, SessionSlices>;
