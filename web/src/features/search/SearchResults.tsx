import { Box, Chip, List, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../components/format.ts';
import { useSession } from '../../session/useSession.ts';
import { groupHits, hitLink, type SearchHit } from './links.ts';

interface SearchResultsProps {
  hits: SearchHit[];
  /** The hit highlighted by the keyboard (its index in `hits`), if any. */
  active?: number;
  /** Called when a hit is opened (e.g. to close the dialog). */
  onOpen?: () => void;
  /** Shows each group's count (the search page). */
  counts?: boolean;
}

/** The hits, grouped by kind under a heading, each a link to its record. */
export function SearchResults({ hits, active, onOpen, counts }: SearchResultsProps) {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  // What tells a hit apart, in the reader's formats: party, date, amount, then the rest.
  const secondary = (hit: SearchHit) =>
    [
      hit.party,
      formatDate(hit.recordDate, i18n.language),
      formatMoney(hit.amount, i18n.language, hit.currency ?? undefined),
      hit.detail,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Box data-testid="search-results">
      {groupHits(hits).map((group) => (
        <List
          key={group.kind}
          dense
          data-testid={`search-group-${group.kind}`}
          aria-label={t(`search.kinds.${group.kind}`)}
          subheader={
            <ListSubheader disableSticky sx={{ lineHeight: '32px', fontWeight: 600 }}>
              {t(`search.kinds.${group.kind}`)}
              {counts ? ` · ${group.hits.length}` : ''}
            </ListSubheader>
          }
        >
          {group.hits.map((hit) => (
            <ListItemButton
              key={`${hit.kind}:${hit.id}`}
              component={Link}
              to={hitLink(hit, permissions)}
              onClick={onOpen}
              selected={active !== undefined && hits[active] === hit}
              data-testid="search-hit"
              data-kind={hit.kind}
              id={`search-hit-${hit.kind}-${hit.id}`}
            >
              <ListItemText
                primary={hit.title}
                secondary={secondary(hit) || undefined}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
              {hit.exact && (
                <Chip size="small" label={t('search.exact')} sx={{ ml: 1 }} variant="outlined" />
              )}
            </ListItemButton>
          ))}
        </List>
      ))}
    </Box>
  );
}
