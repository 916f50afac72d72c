import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Link as MuiLink,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors.ts';

export interface WorkItem {
  key: string;
  to: string;
  primary: string;
  secondary?: string;
  /** Right-aligned: the amount in its currency and in USD. */
  amount?: string;
  amountUsd?: string;
}

export interface WorkSection {
  key: string;
  /** Shown above the section's items when a card has several. */
  heading?: string;
  count: number | undefined;
  items: WorkItem[];
  /** The pre-filtered list with all of them. */
  to: string;
}

/** A card of "my work": the most urgent few, each a link to its record, and a link to all. */
export function WorkCard(props: {
  /** The card's name: its test ids and its title (home.<id>). */
  id: string;
  /** The card's query: a skeleton while it loads, its error if it fails. */
  query: { isPending: boolean; error: unknown };
  sections: WorkSection[];
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  const { isPending: loading, error } = props.query;
  const total = props.sections.reduce((sum, section) => sum + (section.count ?? 0), 0);
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`home-${props.id}`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          {props.icon}
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t(`home.${props.id}`)}
          </Typography>
          {!loading && !error && (
            <Chip
              label={total}
              color={total > 0 ? 'primary' : 'default'}
              size="small"
              data-testid={`home-${props.id}-count`}
            />
          )}
        </Box>
        {error ? (
          <Alert severity="error">{errorMessage(t, error)}</Alert>
        ) : loading ? (
          <>
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton height={32} />
          </>
        ) : total === 0 ? (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {t('home.empty')}
          </Typography>
        ) : (
          props.sections.map((section) =>
            section.count ? (
              <Box key={section.key} sx={{ mb: 1 }}>
                {section.heading && (
                  <Typography variant="overline" color="text.secondary" component="h3">
                    {section.heading}
                  </Typography>
                )}
                <List dense disablePadding>
                  {section.items.map((item) => (
                    <ListItem key={item.key} disablePadding>
                      <ListItemButton component={Link} to={item.to} sx={{ px: 1, borderRadius: 1 }}>
                        <ListItemText
                          primary={item.primary}
                          secondary={item.secondary}
                          slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                        />
                        {item.amount && (
                          <Box
                            sx={{
                              ml: 2,
                              textAlign: 'right',
                              whiteSpace: 'nowrap',
                              fontVariantNumeric: 'tabular-nums',
                            }}
                          >
                            <Typography variant="body2">{item.amount}</Typography>
                            {item.amountUsd && (
                              <Typography variant="body2" color="text.secondary">
                                {item.amountUsd}
                              </Typography>
                            )}
                          </Box>
                        )}
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
                <MuiLink
                  component={Link}
                  to={section.to}
                  variant="body2"
                  sx={{ display: 'inline-block', mt: 0.5, ml: 1 }}
                  data-testid={`home-${section.key}-all`}
                >
                  {t('home.showAll', { count: section.count })}
                </MuiLink>
              </Box>
            ) : null,
          )
        )}
      </CardContent>
    </Card>
  );
}
