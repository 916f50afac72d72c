// Home's "my rejected items": the signed-in user's rejected invoices and costs, each section with
// a link to its list filtered by status and author (homeLinks).
import { useTranslation } from 'react-i18next';
import { MyRejectedDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import type { RecordRef } from '../../components/DataTable/table-state.ts';
import { homeLinks } from './links.ts';
import { WorkCard } from './WorkCard.tsx';
import { present, rejectReason, workItem } from './work-items.ts';

export function MyRejectedCard(props: { me: RecordRef; costs: boolean; invoices: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rejected = useGraphQLQuery(
    MyRejectedDocument,
    { userId: props.me.id, withCosts: props.costs, withInvoices: props.invoices },
    { reads: ['Invoice', 'Cost'] },
  );
  return (
    <WorkCard
      id="myRejected"
      title={t('home.myRejected')}
      loading={rejected.isPending}
      error={rejected.error}
      sections={[
        {
          key: 'rejectedInvoices',
          heading: t('home.rejectedInvoices'),
          count: rejected.data?.rejectedInvoices?.totalCount,
          to: homeLinks.myRejectedInvoices(props.me),
          items: present(rejected.data?.rejectedInvoices?.nodes).map((invoice) =>
            workItem(language, {
              ...invoice,
              key: invoice.id,
              kind: 'invoice',
              primary: invoice.invoiceRef,
              secondary: invoice.rejectReason ?? undefined,
            }),
          ),
        },
        {
          key: 'rejectedCosts',
          heading: t('home.rejectedCosts'),
          count: rejected.data?.rejectedCosts?.totalCount,
          to: homeLinks.myRejectedCosts(props.me),
          items: present(rejected.data?.rejectedCosts?.nodes).map((cost) =>
            workItem(language, {
              ...cost,
              key: cost.id,
              kind: 'invoice',
              id: cost.invoiceId,
              primary: cost.name,
              secondary: rejectReason(t, cost.rejectReason),
            }),
          ),
        },
      ]}
    />
  );
}
