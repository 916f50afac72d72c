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
import { present, workItem } from './work-items.ts';

export function CostsToApproveCard() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const costs = useGraphQLQuery(CostsToApproveDocument, {}, { reads: ['Cost'] });
  return (
    <WorkCard
      id="costsToApprove"
      title={t('home.costsToApprove')}
      loading={costs.isPending}
      error={costs.error}
      sections={[
        {
          key: 'costsToApprove',
          count: costs.data?.allCosts?.totalCount,
          to: homeLinks.costsToApprove(),
          items: present(costs.data?.allCosts?.nodes).map((cost) =>
            workItem(language, {
              ...cost,
              key: cost.id,
              kind: 'invoice',
              id: cost.invoiceId,
              primary: cost.name,
              secondary: t('home.createdOn', { date: formatDate(cost.createdAt, language) }),
            }),
          ),
        },
      ]}
    />
  );
}

export function InvoicesToValidateCard() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const invoices = useGraphQLQuery(InvoicesToValidateDocument, {}, { reads: ['Invoice', 'Cost'] });
  return (
    <WorkCard
      id="invoicesToValidate"
      title={t('home.invoicesToValidate')}
      loading={invoices.isPending}
      error={invoices.error}
      sections={[
        {
          key: 'invoicesToValidate',
          count: invoices.data?.allInvoices?.totalCount,
          to: homeLinks.invoicesToValidate(),
          items: present(invoices.data?.allInvoices?.nodes).map((invoice) =>
            workItem(language, {
              ...invoice,
              key: invoice.id,
              kind: 'invoice',
              primary: invoice.invoiceRef,
              secondary: invoice.dueDate
                ? t('home.dueOn', { date: formatDate(invoice.dueDate, language) })
                : undefined,
            }),
          ),
        },
      ]}
    />
  );
}

export function OverdueBillsCard(props: { today: Date }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const bills = useGraphQLQuery(OverdueBillsDocument, {}, { reads: ['Bill', 'Payment'] });
  return (
    <WorkCard
      id="overdueBills"
      title={t('home.overdueBills')}
      loading={bills.isPending}
      error={bills.error}
      sections={[
        {
          key: 'overdueBills',
          count: bills.data?.allBills?.totalCount,
          to: homeLinks.overdueBills(props.today),
          items: present(bills.data?.allBills?.nodes).map((bill) =>
            workItem(language, {
              ...bill,
              key: bill.id,
              kind: 'bill',
              primary: bill.name,
              secondary: bill.dueDate
                ? t('home.overdueDays', {
                    count: differenceInCalendarDays(props.today, parseISO(bill.dueDate)),
                    date: formatDate(bill.dueDate, language),
                  })
                : undefined,
            }),
          ),
        },
      ]}
    />
  );
}
