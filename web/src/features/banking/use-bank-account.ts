// The bank accounts a user may choose between, and the one a banking screen shows.
import { BankAccountOptionsDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';

/** The accounts, and the one chosen by id (else the first): none before the list answers. */
export function useBankAccount(chosenId: string) {
  const query = useGraphQLQuery(BankAccountOptionsDocument, {}, { reads: ['Payment'] });
  const accounts = (query.data?.allBankAccounts?.nodes ?? []).flatMap((a) => (a ? [a] : []));
  const account = accounts.find((a) => a.id === chosenId) ?? accounts[0];
  return { accounts, account, loaded: query.isSuccess };
}

export type BankAccountOption = ReturnType<typeof useBankAccount>['accounts'][number];
