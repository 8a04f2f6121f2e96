import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { SpecialOfferCard } from '@/components/special-offer-card.js';
import { usePublicSpecials } from '@/features/specials/api/use-public-specials.js';

/** How many offers the landing page shows; /specials has them all. */
export const LANDING_SPECIALS = 3;

/**
 * 'Special offers' on the landing page: the offers a guest can still use. Nothing at all when
 * there are none (or the read failed): a visitor is not shown an empty promise. Loaded when
 * scrolled near (landing-page.tsx), like What's on.
 */
export function SpecialOffers() {
  const { data } = usePublicSpecials();
  if (!data || data.length === 0) return null;
  return (
    <Box component="section" id="special-offers" aria-labelledby="special-offers-title" sx={{ pt: { xs: 1, md: 2 }, pb: { xs: 5, md: 8 } }}>
      <Container>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 3 }}>
          <Typography id="special-offers-title" variant="h3" component="h2">
            Special offers
          </Typography>
          {data.length > LANDING_SPECIALS && (
            <Button component={RouterLink} to="/specials">
              See all offers
            </Button>
          )}
        </Box>
        <Grid container spacing={3}>
          {data.slice(0, LANDING_SPECIALS).map((offer) => (
            <Grid key={offer.id} size={{ xs: 12, md: 4 }}>
              <SpecialOfferCard offer={offer} />
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
