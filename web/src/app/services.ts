import { Api } from '../api/client.ts';
import { sessionApi } from '../api/session-api.ts';
import { startErrorReporting } from './error-reporting.ts';
import { SessionState, SessionStore } from '../session/session-store.ts';
import { RememberedQueries, tokenAccount } from './remembered-queries.ts';
import { TOKEN_KEYS, TokenStore } from '../session/token-store.ts';

/** The app's single instances: tokens, the API client and the session (the query cache: query-client.ts). */
export const tokenStore = new TokenStore(window.localStorage, window.sessionStorage);
tokenStore.load();

// The client tells the session about refreshed or expired tokens (called only after start-up).
const report = startErrorReporting();
export const api = new Api(tokenStore, {
  refreshed: (tokens) => sessionStore.tokensRefreshed(tokens),
  expired: () => sessionStore.sessionExpired(),
  failed: (error, operation) =>
    report({ kind: 'request', message: `${operation}: ${error.message}`, code: error.code }),
});
export const sessionStore = new SessionStore(tokenStore, sessionApi(api));

sessionStore.onExternalLogout = () => window.location.reload();

/** The list queries sent as their address opens (remembered-queries.ts); forgotten on sign-out. */
export const rememberedQueries = new RememberedQueries(
  window.sessionStorage,
  (document, variables) => api.request(document, variables),
);
sessionStore.subscribe(() => {
  if (sessionStore.state === SessionState.LoggedOut) rememberedQueries.clear();
});

/** Sends the list queries remembered for the address now open, as the access token's account. */
export function openAddress(): void {
  rememberedQueries.open(
    `${window.location.pathname}${window.location.search}`,
    tokenAccount(tokenStore.current?.accessToken),
  );
}
// Tokens cleared in another tab end this tab's session too (SPEC §4).
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === TOKEN_KEYS.accessToken)
    sessionStore.tokensClearedElsewhere();
});
