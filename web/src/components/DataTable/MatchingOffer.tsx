// "Select all N matching" (as a mail client offers it): once every row of the page is selected,
// the list's own query loads the rows its filters match, and they become the selection, so that
// the bulk actions, the summary and the export act on all of them.
import { Alert, Button, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { loadPages, type PageLoader } from '../export/index.ts';
import { formatRowCount } from '../format.ts';

/** The most rows "select all matching" takes: a bulk action stays one bounded request. */
export const MATCHING_LIMIT = 1000;

export function MatchingOffer<Row extends { id: string | number }>(props: {
  rows: Row[];
  selected: ReadonlyMap<string, Row>;
  totalCount: number;
  load: PageLoader<Row>;
  onSelect: (rows: Row[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const { rows, selected, totalCount } = props;
  const pageSelected = rows.length > 0 && rows.every((row) => selected.has(String(row.id)));
  if (!pageSelected || totalCount <= selected.size) return null;
  const all = totalCount <= MATCHING_LIMIT;
  const selectAll = async () => {
    setLoading(true);
    setFailure(undefined);
    try {
      // In the API's pages (at most 500 rows each).
      props.onSelect((await loadPages(MATCHING_LIMIT, props.load)).rows);
    } catch (error) {
      setFailure(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Typography variant="body2" data-testid="page-selected">
        {t('selectMatching.pageSelected', { count: rows.length })}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        disabled={loading}
        onClick={() => void selectAll()}
        startIcon={loading ? <CircularProgress size={14} aria-hidden /> : undefined}
        data-testid="select-all-matching"
      >
        {all
          ? t('selectMatching.all', {
              count: totalCount,
              total: formatRowCount(totalCount, i18n.language, t),
            })
          : t('selectMatching.first', {
              count: MATCHING_LIMIT,
              total: formatRowCount(MATCHING_LIMIT, i18n.language, t),
            })}
      </Button>
      {failure !== undefined && (
        <Alert severity="error" sx={{ py: 0 }}>
          {errorMessage(t, failure)}
        </Alert>
      )}
    </>
  );
}
