import type { AccountOptionsQuery, UserAccountsQuery } from '../../../api/generated.ts';

export type AccountRow = NonNullable<
  NonNullable<UserAccountsQuery['allAccounts']>['nodes'][number]
>;
export type Options = NonNullable<AccountOptionsQuery>;

export interface AccountDraft {
  name: string;
  roleId: string;
  scopes: string[];
  subsidiaryIds: string[];
  projectIds: string[];
  pattern: string;
}

export function draftOf(account: AccountRow): AccountDraft {
  return {
    name: account.name,
    roleId: account.roleId,
    scopes: account.accountsScopes.nodes.flatMap((s) => (s ? [s.scope] : [])),
    subsidiaryIds: account.accountsSubsidiaries.nodes.flatMap((s) => (s ? [s.subsidiaryId] : [])),
    projectIds: account.accountsProjects.nodes.flatMap((p) => (p ? [p.projectId] : [])),
    pattern: account.accessPatternProjects ?? '',
  };
}
