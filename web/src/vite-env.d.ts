/// <reference types="vite/client" />
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** `on` sends unhandled errors and failed requests (docs/web.md "Error reporting"). */
  readonly VITE_ERROR_REPORTING?: string;
  /** Where to send them; the project's own server by default. */
  readonly VITE_ERROR_REPORTING_URL?: string;
  /** `on` builds the component gallery at /test-grounds. */
  readonly VITE_TEST_GROUNDS?: string;
}
