import { Add } from '@mui/icons-material';
import { Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTableState } from '../../components/DataTable/table-state.ts';
import { useSession } from '../../session/useSession.ts';
import { AllBillsTable } from './AllBillsTable.tsx';
import { BILLS_TABLE } from './filters.ts';
import { UnpaidBillsTable } from './UnpaidBillsTable.tsx';

/** Bills (SPEC §2): the table of every bill, and the unpaid view (`?unpaid=1`). */
export default function BillsPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const table = useTableState(BILLS_TABLE);
  const unpaid = table.state.filters.unpaid;
  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" data-testid="page-title">
          {t('titles.bills')}
        </Typography>
        <Tabs value={unpaid ? 'unpaid' : 'all'} aria-label={t('bills.views')}>
          <Tab
            value="all"
            label={t('bills.viewAll')}
            component={Link}
            to="/bills"
            data-testid="view-all"
          />
          <Tab
            value="unpaid"
            label={t('bills.viewUnpaid')}
            component={Link}
            to="/bills?unpaid=1"
            data-testid="view-unpaid"
          />
        </Tabs>
        <Box sx={{ flexGrow: 1 }} />
        {permissions.billWrite && (
          <Button
            variant="contained"
            startIcon={<Add />}
            component={Link}
            to="/bills/new"
            data-testid="add-bill"
          >
            {t('bills.add')}
          </Button>
        )}
      </Stack>
      {unpaid ? <UnpaidBillsTable /> : <AllBillsTable />}
    </Box>
  );
}
