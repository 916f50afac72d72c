import { loadWholeCatalogue } from '../i18n/index.ts';
import { tokenStore } from './services.ts';

let application: ReturnType<typeof load> | undefined;
const load = () =>
  Promise.all([import('./Application.tsx'), loadWholeCatalogue()]).then(([module]) => module);

/** The signed-in application's chunk (MUI, shell, screens) with the whole catalogue, fetched once. */
export const loadApplication = () => (application ??= load());

/** Fetches it ahead of need: while a stored session loads, or while a visitor signs in. */
export function preloadApplication(): void {
  void loadApplication();
}

if (tokenStore.current) preloadApplication();
