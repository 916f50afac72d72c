import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startI18n } from './i18n/index.ts';

console.info(`Ledgerline ${__APP_VERSION__} (${import.meta.env.MODE})`);

// The interface is drawn once its language is loaded.
void startI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
