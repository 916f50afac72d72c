import {
  Alert,
  Card,
  CardContent,
  Link as MuiLink,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PayablesAgingQuery } from '../../api/generated.ts';
import { errorMessage } from '../../api/errors.ts';
import { formatMoney } from '../../components/format.ts';
import { AGING_BUCKETS, agingLink, type AgingBucket } from './links.ts';

type AgingRow = NonNullable<NonNullable<PayablesAgingQuery['payablesAging']>['nodes'][number]>;

const FIELDS: Record<AgingBucket, keyof AgingRow> = {
  current: 'currentUsd',
  days1to30: 'days130Usd',
  days31to60: 'days3160Usd',
  days61to90: 'days6190Usd',
  over90: 'over90Usd',
  total: 'totalUsd',
};

/** Outstanding amounts by subsidiary and days past due, in USD; each figure opens its list. */
export function AgingCard(props: {
  kind: 'payables' | 'receivables';
  rows: (AgingRow | null)[] | undefined;
  loading: boolean;
  error: unknown;
  today: Date;
}) {
  const { t, i18n } = useTranslation();
  const rows = (props.rows ?? []).filter((row): row is AgingRow => row !== null);
  const columns: AgingBucket[] = [...AGING_BUCKETS, 'total'];
  return (
    <Card variant="outlined" data-testid={`home-aging-${props.kind}`}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t(`home.aging.${props.kind}`)}
        </Typography>
        {props.error ? (
          <Alert severity="error">{errorMessage(t, props.error)}</Alert>
        ) : props.loading ? (
          <Skeleton variant="rectangular" height={120} />
        ) : rows.length <= 1 && rows[0]?.count === 0 ? (
          <Typography color="text.secondary">{t('home.aging.empty')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('home.aging.subsidiary')}</TableCell>
                {columns.map((bucket) => (
                  <TableCell key={bucket} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {t(`home.aging.${bucket}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const isTotal = !row.subsidiaryId;
                return (
                  <TableRow
                    key={row.subsidiaryId ?? 'total'}
                    sx={isTotal ? { '& td': { fontWeight: 600, borderBottom: 0 } } : undefined}
                  >
                    <TableCell>
                      {isTotal ? t('home.aging.allSubsidiaries') : row.subsidiaryName}
                    </TableCell>
                    {columns.map((bucket) => {
                      const value = row[FIELDS[bucket]] as string | null | undefined;
                      return (
                        <TableCell
                          key={bucket}
                          align="right"
                          sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                        >
                          {value && value !== '0' ? (
                            <MuiLink
                              component={Link}
                              to={agingLink(
                                props.kind,
                                bucket,
                                props.today,
                                row.subsidiaryId
                                  ? { id: row.subsidiaryId, label: row.subsidiaryName ?? '' }
                                  : null,
                              )}
                              underline="hover"
                              color="inherit"
                              data-testid={`aging-${props.kind}-${bucket}`}
                            >
                              {formatMoney(value, i18n.language)}
                            </MuiLink>
                          ) : (
                            <Typography component="span" variant="body2" color="text.disabled">
                              {formatMoney('0', i18n.language)}
                            </Typography>
                          )}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
