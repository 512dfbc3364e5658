import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { configureApi } from '../api';
import { initI18n, translateErrorKey } from './i18n';
import { queryClient } from './query-client';
import { createAppRouter } from './router';

const { i18n, ready } = initI18n();
// Loaders call the API before the root layout mounts: language and error texts are set now.
configureApi({ language: () => i18n.language, translate: translateErrorKey });
const router = createAppRouter();

/** Settles once the texts of the language are loaded (the router's loaders already run meanwhile). */
export const appReady: Promise<unknown> = ready;

/** The app: i18n, data cache and the router (the theme and snackbars live in the root route). */
export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
