import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicSettings } from '@shared/contracts/settings.js';
import { WeatherWidget } from './weather-widget.js';
import { HeroPicture } from './hero-picture.js';

export function Hero({ settings, isLoading }: { settings: PublicSettings | undefined; isLoading: boolean }) {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        position: 'relative',
        minHeight: { xs: '78vh', md: '86vh' },
        display: 'flex',
        // On a phone the text goes to the top, leaving the lower part to the lodge in the picture.
        alignItems: { xs: 'flex-start', md: 'center' },
        color: '#fffaf0',
        backgroundColor: '#6b4f2a',
        // Above the picture: darker at the top and bottom where the text and buttons sit.
        '&::after': {
          content: '""',
          position: 'absolute',
          inset: 0,
          zIndex: 0,
          background: {
            xs: 'linear-gradient(180deg, rgba(20,16,8,0.55) 0%, rgba(20,16,8,0.3) 55%, rgba(20,16,8,0) 75%, rgba(20,16,8,0.25) 100%)',
            md: 'linear-gradient(180deg, rgba(20,16,8,0.45) 0%, rgba(20,16,8,0.1) 45%, rgba(20,16,8,0.65) 100%)',
          },
        },
      }}
    >
      {/* While the settings load, no picture: the default would flash before a custom one. */}
      {!isLoading && <HeroPicture custom={settings?.heroBackgroundImage} />}
      <Container sx={{ py: { xs: 5, md: 10 }, position: 'relative', zIndex: 1 }}>
        {/* The lodge's own words (Lodge Settings, Lodge tab): tagline above the name, the short description below. */}
        <Typography variant="overline" component="p" sx={{ color: 'secondary.light', fontSize: '0.9rem', minHeight: '1.5em' }}>
          {settings?.tagline}
        </Typography>
        <Typography id="hero-title" variant="h1" sx={{ maxWidth: 820, textShadow: '0 2px 18px rgba(0,0,0,0.35)' }}>
          {isLoading ? <Skeleton width="60%" sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} /> : (settings?.lodgeName ?? 'Welcome')}
        </Typography>
        {settings?.shortDescription && (
          <Typography variant="h6" component="p" sx={{ mt: 2, maxWidth: 620, fontWeight: 400, opacity: 0.92, textShadow: '0 1px 10px rgba(0,0,0,0.4)' }}>
            {settings.shortDescription}
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
        <Box sx={{ mt: { xs: 5, md: 0 }, position: { md: 'absolute' }, right: { md: 32 }, top: { md: 32 }, color: 'text.primary' }}>
          <WeatherWidget />
        </Box>
      </Container>
    </Box>
  );
}
