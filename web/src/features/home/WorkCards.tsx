// The home page's "my work" cards, each one query: the most urgent few and a link to the list
// filtered the same way (homeLinks, written by the list's own filter config).
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import {
  CostsToApproveDocument,
  InvoicesToValidateDocument,
  OverdueBillsDocument,
} from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { formatDate } from '../../components/format.ts';
import { homeLinks } from './links.ts';
import { WorkCard } from './WorkCard.tsx';
import { workItems } from './work-items.ts';

export function CostsToApproveCard() {
  const { t, i18n } = useTranslation();
  const query = useGraphQLQuery(CostsToApproveDocument, {}, { reads: ['Cost'] });
  const costs = query.data?.allCosts;
  return (
    <WorkCard
      id="costsToApprove"
      query={query}
      sections={[
        {
          key: 'costsToApprove',
          count: costs?.totalCount,
          to: homeLinks.costsToApprove(),
          items: workItems(i18n.language, costs?.nodes, (cost) => ({
            kind: 'invoice',
            id: cost.invoiceId,
            primary: cost.name,
            secondary: t('home.createdOn', { date: formatDate(cost.createdAt, i18n.language) }),
          })),
        },
      ]}
    />
  );
}

export function InvoicesToValidateCard() {
  const { t, i18n } = useTranslation();
  const query = useGraphQLQuery(InvoicesToValidateDocument, {}, { reads: ['Invoice', 'Cost'] });
  const invoices = query.data?.allInvoices;
  return (
    <WorkCard
      id="invoicesToValidate"
      query={query}
      sections={[
        {
          key: 'invoicesToValidate',
          count: invoices?.totalCount,
          to: homeLinks.invoicesToValidate(),
          items: workItems(i18n.language, invoices?.nodes, (invoice) => ({
            kind: 'invoice',
            id: invoice.id,
            primary: invoice.invoiceRef,
            secondary: invoice.dueDate
              ? t('home.dueOn', { date: formatDate(invoice.dueDate, i18n.language) })
              : undefined,
          })),
        },
      ]}
    />
  );
}

export function OverdueBillsCard(props: { today: Date }) {
  const { t, i18n } = useTranslation();
  const query = useGraphQLQuery(OverdueBillsDocument, {}, { reads: ['Bill', 'Payment'] });
  const bills = query.data?.allBills;
  return (
    <WorkCard
      id="overdueBills"
      query={query}
      sections={[
        {
          key: 'overdueBills',
          count: bills?.totalCount,
          to: homeLinks.overdueBills(props.today),
          items: workItems(i18n.language, bills?.nodes, (bill) => ({
            kind: 'bill',
            id: bill.id,
            primary: bill.name,
            secondary: bill.dueDate
              ? t('home.overdueDays', {
                  count: differenceInCalendarDays(props.today, parseISO(bill.dueDate)),
                  date: formatDate(bill.dueDate, i18n.language),
                })
              : undefined,
          })),
        },
      ]}
    />
  );
}
