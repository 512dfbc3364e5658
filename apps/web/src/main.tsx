import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appReady } from './app/app';

const container = document.getElementById('root');
if (container) {
  // Rendered once the language's texts are there (even if they failed to load: keys then show).
  void appReady
    .catch(() => undefined)
    .then(() =>
      createRoot(container).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
}
