import type { CurrentUser, IssuedTokens, SessionApi } from '../session/session-store.ts';
import { ApiError, type Api } from './client.ts';
import {
  CurrentUserDocument,
  LoginDocument,
  LogoutDocument,
  SwitchAccountDocument,
} from './session-generated.ts';

/** The session's server calls over GraphQL. */
export function sessionApi(api: Api): SessionApi {
  return {
    async login(username, password): Promise<IssuedTokens> {
      return (await api.request(LoginDocument, { username, password })).login;
    },
    async logout() {
      await api.request(LogoutDocument, {});
    },
    async switchAccount(accountId): Promise<IssuedTokens> {
      return (await api.request(SwitchAccountDocument, { accountId })).switchAccount;
    },
    async currentUser(): Promise<CurrentUser> {
      const { currentUser } = await api.request(CurrentUserDocument, {});
      if (!currentUser) throw new ApiError('graphql', 'NoData', 'No data received');
      const accounts = currentUser.accounts.nodes.flatMap((account) =>
        account
          ? [{ id: account.id, name: account.name, isDefault: Boolean(account.isDefault) }]
          : [],
      );
      return {
        user: {
          id: currentUser.id,
          // Always present for one's own user (the API hides it only for other people).
          username: currentUser.username ?? '',
          firstName: currentUser.firstName,
          lastName: currentUser.lastName,
          additionalName: currentUser.additionalName,
          displayName: currentUser.displayName ?? currentUser.username ?? '',
          avatarFileId: currentUser.avatarFileId,
        },
        currentAccount: currentUser.currentAccount
          ? {
              ...currentUser.currentAccount,
              isDefault: Boolean(currentUser.currentAccount.isDefault),
            }
          : null,
        accounts,
        effectiveScopes: (currentUser.effectiveScopes ?? []).filter((s): s is string => Boolean(s)),
      };
    },
  };
}
