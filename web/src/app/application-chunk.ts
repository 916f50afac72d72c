import { tokenStore } from './services.ts';

/** The signed-in application's chunk (MUI, shell, screens), fetched at most once. */
export const loadApplication = () => import('./Application.tsx');

/** Fetches it ahead of need: while a stored session loads, or while a visitor signs in. */
export function preloadApplication(): void {
  void loadApplication();
}

if (tokenStore.current) preloadApplication();
