import { Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeCountsDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { useSession } from '../../session/useSession.ts';

/** Greets the user and shows their work: counts that link to the filtered tables. */
export default function HomePage() {
  const { t } = useTranslation();
  const { user, permissions } = useSession();
  const variables = {
    withCosts: permissions.costRead,
    withInvoices: permissions.invoiceRead,
    withBills: permissions.billRead,
  };
  const counts = useGraphQLQuery(HomeCountsDocument, variables, {
    reads: ['Invoice', 'Cost', 'Bill', 'Payment'],
  });
  const cards = [
    {
      show: variables.withCosts,
      key: 'costsToApprove',
      count: counts.data?.costsToApprove?.totalCount,
      to: '/costs?status=to_approve',
    },
    {
      show: variables.withInvoices,
      key: 'invoicesToValidate',
      count: counts.data?.invoicesToValidate?.totalCount,
      to: '/invoices?status=open',
    },
    {
      show: variables.withBills,
      key: 'unpaidBills',
      count: counts.data?.unpaidBills?.totalCount,
      to: '/bills?payment=unpaid',
    },
  ].filter((card) => card.show);
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom data-testid="greeting">
        {t('home.greeting', { name: user?.firstName })}
      </Typography>
      {cards.length === 0 && <Typography color="text.secondary">{t('home.nothing')}</Typography>}
      <Grid container spacing={2}>
        {cards.map((card) => (
          <Grid key={card.key} size={{ xs: 12, sm: 4 }}>
            <Card>
              <CardActionArea component={Link} to={card.to} data-testid={`home-${card.key}`}>
                <CardContent>
                  <Typography variant="h3">{card.count ?? '…'}</Typography>
                  <Typography color="text.secondary">{t(`home.${card.key}`)}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
