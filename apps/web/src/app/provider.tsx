import { type ReactNode, useSyncExternalStore } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { ErrorBoundary } from '@/components/error-boundary/error-boundary';
import { useDocumentTheme } from '@/lib/use-document-theme';
import type { AppPersistor, AppStore, StaticStore } from './store';

type Props = {
  store: AppStore | StaticStore;
  /** Without one, children render at once: the build's prerender, or a store already rehydrated. */
  persistor?: AppPersistor;
  children: ReactNode;
};

/**
 * App-wide providers: the store (pages render once it has rehydrated) and the document theme.
 * The TanStack Query cache, antd's theme and the toasts come with the signed-in frame
 * (app/frame/frame-providers.tsx) to keep the public pages within their weight budget.
 */
export function AppProvider({ store, persistor, children }: Props) {
  return (
    <ErrorBoundary>
      <ReduxProvider store={store}>
        {persistor ? (
          <RehydrationGate persistor={persistor}>
            <DocumentTheme />
            {children}
          </RehydrationGate>
        ) : (
          <>
            <DocumentTheme />
            {children}
          </>
        )}
      </ReduxProvider>
    </ErrorBoundary>
  );
}

/** data-theme on <html> follows the theme slice, for every page, public ones included. */
function DocumentTheme() {
  useDocumentTheme();
  return null;
}

/**
 * Renders its children once the persistor has read the stored state back (or given up after its
 * timeout), nothing before: redux-persist's PersistGate with `loading={null}`, in a few lines instead
 * of its class component (the entry every public page loads stays under its 100 KB budget).
 */
function RehydrationGate({ persistor, children }: { persistor: AppPersistor; children: ReactNode }) {
  const rehydrated = useSyncExternalStore(persistor.subscribe, () => persistor.getState().bootstrapped);
  return rehydrated ? children : null;
}
