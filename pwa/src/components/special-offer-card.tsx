import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalOffer from '@mui/icons-material/LocalOffer';
import type { PublicSpecialOffer } from '@shared/contracts/specials.js';
import { formatStayDate } from '@shared/format.js';

/** "Stay 4, pay 3". */
export const stayPayText = (offer: Pick<PublicSpecialOffer, 'stayNights' | 'payNights'>) => `Stay ${offer.stayNights}, pay ${offer.payNights}`;

/** "Stays from Wed 25 Nov 2026 to Sun 23 May 2027". */
export const stayDatesText = (offer: Pick<PublicSpecialOffer, 'stayFrom' | 'stayTo'>) =>
  `Stays from ${formatStayDate(offer.stayFrom)} to ${formatStayDate(offer.stayTo)}`;

/**
 * One special offer for guests (the landing page's section and /specials): its name, the
 * offer in words, the types it covers, its stay dates and book-by date, and a way to book it.
 * The server applies it by itself to a stay that qualifies.
 */
export function SpecialOfferCard({ offer, headingLevel = 'h3' }: { offer: PublicSpecialOffer; headingLevel?: 'h2' | 'h3' }) {
  const titleId = `special-${offer.id}-title`;
  // One type: straight to it on the booking page; several: the guest chooses on step 2.
  const to = offer.accommodationTypeIds.length === 1 ? `/booking?accommodation=${encodeURIComponent(offer.accommodationTypeIds[0])}` : '/booking';
  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <LocalOffer color="secondary" fontSize="small" aria-hidden />
          <Chip label={stayPayText(offer)} size="small" color="secondary" />
        </Stack>
        <Typography id={titleId} variant="h6" component={headingLevel} gutterBottom>
          {offer.name}
        </Typography>
        {offer.description && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {offer.description}
          </Typography>
        )}
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {offer.accommodationTypeNames.join(', ')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {stayDatesText(offer)}
        </Typography>
        {offer.bookTo && (
          <Typography variant="body2" color="text.secondary">
            Book by {formatStayDate(offer.bookTo)}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Button component={RouterLink} to={to} variant="contained" color="secondary" aria-label={`Book ${offer.name}`}>
          Book Now
        </Button>
      </CardActions>
    </Card>
  );
}
