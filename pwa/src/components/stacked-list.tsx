import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/**
 * Below md (900 px: phones, small tablets) a back-office table of many columns would scroll
 * sideways: each row is a card instead, its fields as a list of label and value, with the
 * same buttons (same names), so nothing is lost on a phone.
 */
export function useStacked(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
}

/**
 * The cards of a stacked table: a named region holding a list, or the empty text. `heading`
 * and `footer` (a pager) stay inside the region, as they were inside the table's card.
 */
export function CardList({ label, empty, heading, footer, children }: { label: string; empty: string | null; heading?: string; footer?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={label}>
      {heading !== undefined && (
        <Typography variant="h6" component="h2" gutterBottom>
          {heading}
        </Typography>
      )}
      {empty !== null ? (
        <Card variant="outlined">
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {empty}
          </Typography>
        </Card>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {children}
        </Stack>
      )}
      {footer}
    </Box>
  );
}

/**
 * One row as a card: its title and the row's buttons on top, then its fields. `label` names
 * the list item when the title alone would not tell two cards apart (two bookings of one
 * guest); `subtitle` is a short second line under the title.
 */
export function ItemCard({
  title,
  label = title,
  subtitle,
  mono = false,
  fields,
  actions,
}: {
  title: string;
  label?: string;
  subtitle?: ReactNode;
  mono?: boolean;
  fields: [string, ReactNode][];
  actions: ReactNode;
}) {
  return (
    <Card component="li" variant="outlined" aria-label={label} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Typography component="p" sx={{ fontWeight: 600, fontFamily: mono ? 'monospace' : undefined, overflowWrap: 'anywhere', pt: 1 }}>
          {title}
        </Typography>
        <Box sx={{ whiteSpace: 'nowrap', flexShrink: 0, mr: -1 }}>{actions}</Box>
      </Stack>
      {/* Under the buttons too, so a long e-mail address keeps the card's whole width. */}
      {subtitle !== undefined && (
        <Typography component="p" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {subtitle}
        </Typography>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0, mt: 1 }}>
        {fields.map(([name, value]) => (
          <Fragment key={name}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {name}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
    </Card>
  );
}
