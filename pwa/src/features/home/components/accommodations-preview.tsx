import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import People from '@mui/icons-material/People';
import { AccommodationImage } from '@/components/accommodation-image.js';
import { isPerPerson, MealPlan, perPersonFrom } from '@/components/type-price.js';
import { formatRand } from '@shared/format.js';
import { useAccommodations } from '@/features/accommodations/api/use-accommodations.js';

const PREVIEW_COUNT = 3;

/** 'Our Accommodations': the first three types, fetched once auth has settled. */
export function AccommodationsPreview({ enabled }: { enabled: boolean }) {
  const { data, isLoading, isError } = useAccommodations({ enabled });
  const items = (data ?? []).slice(0, PREVIEW_COUNT);

  return (
    <section aria-labelledby="preview-title">
      <Stack direction="row" alignItems="baseline" justifyContent="space-between" sx={{ mb: 2 }}>
        <Typography id="preview-title" variant="h4" component="h2">
          Our Accommodations
        </Typography>
        <Button component={RouterLink} to="/accommodations">
          View All
        </Button>
      </Stack>
      {isError ? (
        <Typography color="text.secondary">Unable to load accommodations at this time.</Typography>
      ) : (
        <Grid container spacing={3}>
          {isLoading
            ? Array.from({ length: PREVIEW_COUNT }, (_, i) => (
                <Grid key={i} size={{ xs: 12, md: 4 }}>
                  <Skeleton variant="rounded" height={320} />
                </Grid>
              ))
            : items.map((item) => (
                <Grid key={item.id} size={{ xs: 12, md: 4 }}>
                  <Card component="article" sx={{ height: '100%', overflow: 'hidden' }}>
                    <AccommodationImage images={item.images} name={item.name} height={180} />
                    <CardContent>
                      <Typography variant="h6" component="h3">
                        {item.name}
                      </Typography>
                      <Typography
                        color="text.secondary"
                        sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', mb: 1.5 }}
                      >
                        {item.description}
                      </Typography>
                      <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1}>
                        <Typography sx={{ fontWeight: 700 }}>
                          {isPerPerson(item) ? perPersonFrom(item) : `From ${formatRand(item.baseWeekdayRate)}/night`}
                        </Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                          <People fontSize="small" aria-hidden /> {item.capacity} guests
                        </Typography>
                      </Stack>
                      {isPerPerson(item) && item.mealPlan && <MealPlan plan={item.mealPlan} />}
                    </CardContent>
                  </Card>
                </Grid>
              ))}
        </Grid>
      )}
    </section>
  );
}
