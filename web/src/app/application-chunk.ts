import { initialLanguage, loadWholeCatalogue } from '../i18n/index.ts';
import { openAddress, sessionStore, tokenStore } from './services.ts';

let application: ReturnType<typeof load> | undefined;
const load = () =>
  Promise.all([import('./Application.tsx'), loadWholeCatalogue()]).then(([module]) => module);

/** The signed-in application's chunk (MUI, shell, screens) with the whole catalogue, fetched once. */
export const loadApplication = () => (application ??= load());

/** Fetches it ahead of need: while a stored session loads, or while a visitor signs in. */
export function preloadApplication(): void {
  void loadApplication();
}

// With a stored session, the application's chunk, the current user and the list queries
// remembered for this address are asked for at once, as the entry runs: none waits for the
// language's catalogue or the first render (the requests already name the reader's language,
// <html lang>).
if (tokenStore.current) {
  document.documentElement.lang = initialLanguage();
  preloadApplication();
  void sessionStore.load();
  openAddress();
}
