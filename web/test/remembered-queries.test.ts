// A list's query is sent as its address opens (app/remembered-queries.ts): only the same
// operation, account and variables take the early answer, once, and only while it is fresh.
import { describe, expect, it } from 'vitest';
import { AllInvoicesDocument } from '../src/api/generated.ts';
import type { DocumentText } from '../src/api/transport.ts';
import { EARLY_ANSWER_MS, RememberedQueries, tokenAccount } from '../src/app/remembered-queries.ts';
import { MemoryStorage } from './memory-storage.ts';

const ADDRESS = '/invoices?status=validated&size=50';
const VARIABLES = { first: 50, offset: 0, filter: { status: { equalTo: 'VALIDATED' } } };

function setup() {
  const sent: { document: DocumentText; variables: object }[] = [];
  let now = 1_000_000;
  const queries = new RememberedQueries(
    new MemoryStorage(),
    (document, variables) => {
      sent.push({ document, variables });
      return Promise.resolve({ answer: sent.length });
    },
    () => now,
  );
  return { queries, sent, later: (ms: number) => (now += ms) };
}

describe('remembered list queries', () => {
  it('an address opened again sends its list query at once, and the list takes that answer once', async () => {
    const { queries, sent } = setup();
    queries.remember(ADDRESS, 'acc-1', AllInvoicesDocument, VARIABLES);
    queries.open(ADDRESS, 'acc-1');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.document.__meta__?.hash).toBe(AllInvoicesDocument.__meta__?.hash);
    expect(sent[0]!.document.toString()).toBe(AllInvoicesDocument.toString());
    expect(sent[0]!.variables).toEqual(VARIABLES);
    await expect(queries.take('AllInvoices', 'acc-1', VARIABLES)).resolves.toEqual({ answer: 1 });
    expect(queries.take('AllInvoices', 'acc-1', VARIABLES)).toBeUndefined();
  });

  it('another account, other variables or another address never take it', () => {
    const { queries, sent } = setup();
    queries.remember(ADDRESS, 'acc-1', AllInvoicesDocument, VARIABLES);
    queries.open('/invoices', 'acc-1');
    queries.open(ADDRESS, 'acc-2');
    expect(sent).toHaveLength(0);
    queries.open(ADDRESS, 'acc-1');
    expect(queries.take('AllInvoices', 'acc-2', VARIABLES)).toBeUndefined();
    expect(queries.take('AllInvoices', 'acc-1', { ...VARIABLES, offset: 50 })).toBeUndefined();
    expect(queries.take('AllBills', 'acc-1', VARIABLES)).toBeUndefined();
    expect(queries.take('AllInvoices', 'acc-1', VARIABLES)).toBeDefined();
  });

  it('an answer older than the window is not shown: the list asks again', () => {
    const { queries, later } = setup();
    queries.remember(ADDRESS, 'acc-1', AllInvoicesDocument, VARIABLES);
    queries.open(ADDRESS, 'acc-1');
    later(EARLY_ANSWER_MS);
    expect(queries.take('AllInvoices', 'acc-1', VARIABLES)).toBeUndefined();
  });

  it('opening an address twice in a moment sends once; the newest variables replace the old', () => {
    const { queries, sent, later } = setup();
    queries.remember(ADDRESS, 'acc-1', AllInvoicesDocument, VARIABLES);
    queries.remember(ADDRESS, 'acc-1', AllInvoicesDocument, { ...VARIABLES, first: 25 });
    queries.open(ADDRESS, 'acc-1');
    queries.open(ADDRESS, 'acc-1');
    expect(sent.map((item) => item.variables)).toEqual([{ ...VARIABLES, first: 25 }]);
    later(EARLY_ANSWER_MS);
    queries.open(ADDRESS, 'acc-1');
    expect(sent).toHaveLength(2);
  });

  it('signing out forgets every address', () => {
    const { queries, sent } = setup();
    queries.remember(ADDRESS, 'acc-1', AllInvoicesDocument, VARIABLES);
    queries.clear();
    queries.open(ADDRESS, 'acc-1');
    expect(sent).toHaveLength(0);
  });

  it("the account is the access token's account_id claim", () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'u', account_id: 'acc-9' })).toString(
      'base64url',
    );
    expect(tokenAccount(`h.${payload}.s`)).toBe('acc-9');
    expect(tokenAccount('not a token')).toBeUndefined();
    expect(tokenAccount(undefined)).toBeUndefined();
  });
});
