import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { ErrorBoundary } from '@/components/error-boundary/error-boundary';
import { useDocumentTheme } from '@/features/theme/use-document-theme';
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
          <PersistGate persistor={persistor} loading={null}>
            <DocumentTheme />
            {children}
          </PersistGate>
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
