// Home's "my rejected items": the signed-in user's rejected invoices and costs, each section with
// a link to its list filtered by status and author (homeLinks).
import { useTranslation } from 'react-i18next';
import { MyRejectedDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import type { RecordRef } from '../../components/DataTable/table-state.ts';
import { homeLinks } from './links.ts';
import { WorkCard } from './WorkCard.tsx';
import { rejectReason, workItems } from './work-items.ts';

export function MyRejectedCard(props: { me: RecordRef; costs: boolean; invoices: boolean }) {
  const { t, i18n } = useTranslation();
  const query = useGraphQLQuery(
    MyRejectedDocument,
    { userId: props.me.id, withCosts: props.costs, withInvoices: props.invoices },
    { reads: ['Invoice', 'Cost'] },
  );
  const { rejectedInvoices: invoices, rejectedCosts: costs } = query.data ?? {};
  return (
    <WorkCard
      id="myRejected"
      query={query}
      sections={[
        {
          key: 'rejectedInvoices',
          heading: t('home.rejectedInvoices'),
          count: invoices?.totalCount,
          to: homeLinks.myRejectedInvoices(props.me),
          items: workItems(i18n.language, invoices?.nodes, (invoice) => ({
            kind: 'invoice',
            id: invoice.id,
            primary: invoice.invoiceRef,
            secondary: invoice.rejectReason ?? undefined,
          })),
        },
        {
          key: 'rejectedCosts',
          heading: t('home.rejectedCosts'),
          count: costs?.totalCount,
          to: homeLinks.myRejectedCosts(props.me),
          items: workItems(i18n.language, costs?.nodes, (cost) => ({
            kind: 'invoice',
            id: cost.invoiceId,
            primary: cost.name,
            secondary: rejectReason(t, cost.rejectReason),
          })),
        },
      ]}
    />
  );
}
