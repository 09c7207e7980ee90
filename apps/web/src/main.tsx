import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { createAppStore, readPersistedDarkMode } from '@/app/store';
import { applyDocumentTheme } from '@/features/theme/use-document-theme';
import './styles/tokens.css';

// Paint the stored theme before the store rehydrates, so a dark-mode user never sees a white flash.
applyDocumentTheme(readPersistedDarkMode());

const { store, persistor } = createAppStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider store={store} persistor={persistor}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
