import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicSettings } from '../../../../../shared/contracts/settings.js';
import defaultHero from '../../../assets/hero-default.svg';
import { WeatherWidget } from './weather-widget.js';

/**
 * The custom picture is served by GET /api/background-image; the stored value changes
 * with every upload, so it doubles as the cache-buster.
 */
export function heroImageUrl(heroBackgroundImage: string | null | undefined): string {
  return heroBackgroundImage ? `/api/background-image?v=${encodeURIComponent(heroBackgroundImage)}` : defaultHero;
}

export function Hero({ settings, isLoading }: { settings: PublicSettings | undefined; isLoading: boolean }) {
  const image = heroImageUrl(settings?.heroBackgroundImage);
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        position: 'relative',
        minHeight: { xs: '78vh', md: '86vh' },
        display: 'flex',
        alignItems: 'center',
        color: '#fffaf0',
        backgroundColor: '#6b4f2a',
        backgroundImage: `linear-gradient(180deg, rgba(20,16,8,0.35) 0%, rgba(20,16,8,0.25) 45%, rgba(20,16,8,0.7) 100%), url("${image}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Container sx={{ py: { xs: 8, md: 10 } }}>
        <Typography variant="overline" component="p" sx={{ color: 'secondary.light', fontSize: '0.9rem' }}>
          Private Game Lodge
        </Typography>
        <Typography id="hero-title" variant="h1" sx={{ maxWidth: 820, textShadow: '0 2px 18px rgba(0,0,0,0.35)' }}>
          {isLoading ? <Skeleton width="60%" sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} /> : (settings?.lodgeName ?? 'Welcome')}
        </Typography>
        {settings?.tagline && settings.tagline !== 'Private Game Lodge' && (
          <Typography variant="h6" component="p" sx={{ mt: 2, maxWidth: 620, fontWeight: 400, opacity: 0.92 }}>
            {settings.tagline}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
          <Button component={RouterLink} to="/accommodations" variant="contained" color="secondary" size="large">
            View Accommodations
          </Button>
          <Button
            component={RouterLink}
            to="/booking?type=entire-lodge"
            variant="outlined"
            size="large"
            sx={{ color: 'inherit', borderColor: 'rgba(255,250,240,0.8)', '&:hover': { borderColor: '#fffaf0', bgcolor: 'rgba(255,255,255,0.08)' } }}
          >
            Book Entire Lodge
          </Button>
        </Stack>
        <Box sx={{ mt: { xs: 5, md: 0 }, position: { md: 'absolute' }, right: { md: 32 }, bottom: { md: 32 }, color: 'text.primary' }}>
          <WeatherWidget />
        </Box>
      </Container>
    </Box>
  );
}
