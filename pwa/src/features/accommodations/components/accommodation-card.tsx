import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import People from '@mui/icons-material/People';
import type { AccommodationType } from '@shared/contracts/accommodations.js';
import { formatRand } from '@shared/format.js';
import { COMING_SOON_LABEL } from '../api/coming-soon.js';
import { AccommodationImage } from '@/components/accommodation-image.js';
import { isPerPerson, MealPlan, perPersonFrom } from '@/components/type-price.js';

/** First 4 amenities, then '+N more' (docs/product.md, Accommodations page). */
export const AMENITIES_SHOWN = 4;

export function AccommodationCard({
  accommodation,
  priority = false,
  comingSoon = false,
}: {
  accommodation: AccommodationType;
  priority?: boolean;
  /** No active unit yet: says so, and offers no "Book Now". */
  comingSoon?: boolean;
}) {
  const { id, name, description, capacity, amenities, images, baseWeekdayRate, baseWeekendRate, mealPlan } = accommodation;
  const extra = amenities.length - AMENITIES_SHOWN;
  return (
    <Card component="article" aria-labelledby={`acc-${id}-name`} sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Box sx={{ position: 'relative' }}>
        <AccommodationImage images={images} name={name} priority={priority} />
        {comingSoon && (
          <Chip label={COMING_SOON_LABEL} size="small" sx={{ position: 'absolute', top: 12, left: 12, bgcolor: '#7a4a0c', color: '#fff' }} />
        )}
        <Chip
          icon={<People />}
          label={`${capacity} Guests`}
          size="small"
          sx={{ position: 'absolute', top: 12, right: 12, bgcolor: 'rgba(255,250,240,0.92)' }}
        />
      </Box>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={`acc-${id}-name`} variant="h5" component="h2" gutterBottom>
          {name}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
        {amenities.length > 0 && (
          <Stack direction="row" useFlexGap spacing={0.75} sx={{ flexWrap: 'wrap', mb: 2 }} aria-label="Amenities">
            {amenities.slice(0, AMENITIES_SHOWN).map((amenity) => (
              <Chip key={amenity} label={amenity} size="small" variant="outlined" />
            ))}
            {extra > 0 && <Chip label={`+${extra} more`} size="small" color="secondary" variant="outlined" />}
          </Stack>
        )}
        {isPerPerson(accommodation) ? (
          // A lodge quotes per person sharing, with what the rate includes.
          <Box>
            <Typography sx={{ fontWeight: 700 }}>{perPersonFrom(accommodation)}</Typography>
            {mealPlan && <MealPlan plan={mealPlan} />}
          </Box>
        ) : (
          <Stack direction="row" spacing={3}>
            <Box>
              <Typography variant="caption" color="text.secondary" component="p">
                Weekdays from
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>{formatRand(baseWeekdayRate)}/night</Typography>
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary" component="p">
                Weekends
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>{formatRand(baseWeekendRate)}/night</Typography>
            </Box>
          </Stack>
        )}
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        {comingSoon ? (
          <Typography
            component="p"
            sx={{ width: '100%', textAlign: 'center', py: 0.75, fontWeight: 700, border: 1, borderRadius: 1, borderColor: 'divider', color: 'text.secondary' }}
          >
            {COMING_SOON_LABEL}
          </Typography>
        ) : (
          <Button component={RouterLink} to={`/booking?accommodation=${encodeURIComponent(id)}`} variant="contained" color="secondary" fullWidth>
            Book Now
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

export function AccommodationCardSkeleton() {
  return (
    <Card aria-hidden sx={{ height: '100%' }} data-testid="accommodation-skeleton">
      <Skeleton variant="rectangular" height={220} />
      <CardContent>
        <Skeleton variant="text" width="60%" sx={{ fontSize: '1.6rem' }} />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="80%" />
        <Skeleton variant="rounded" height={36} sx={{ mt: 2 }} />
      </CardContent>
    </Card>
  );
}
