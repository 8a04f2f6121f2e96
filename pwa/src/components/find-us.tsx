import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { PublicSettings } from '../../../shared/contracts/settings.js';
import { LoadingState } from './loading-state.js';

// Leaflet is a large part of the bundle; only pages with a map load it.
const LodgeMap = lazy(() => import('./lodge-map.js'));

/** 'Find Us': the map centred on the lodge's coordinates, when the settings hold them. */
export function FindUs({ settings, id = 'find-us' }: { settings: PublicSettings | undefined; id?: string }) {
  const { latitude, longitude } = settings ?? {};
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} sx={{ py: { xs: 5, md: 8 } }}>
      <Container>
        <Typography id={`${id}-title`} variant="h3" component="h2" gutterBottom>
          Find Us
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {settings?.address ?? 'In the Greater Kruger National Park Area, South Africa.'}
        </Typography>
        {settings && latitude != null && longitude != null && (
          <Box
            sx={{
              height: { xs: 320, md: 440 },
              borderRadius: 3,
              overflow: 'hidden',
              border: 1,
              borderColor: 'divider',
              // Keep Leaflet's panes under the sticky app bar and drawers.
              position: 'relative',
              zIndex: 0,
            }}
          >
            <Suspense fallback={<LoadingState label="Loading map..." minHeight="100%" />}>
              <LodgeMap latitude={latitude} longitude={longitude} lodgeName={settings.lodgeName} />
            </Suspense>
          </Box>
        )}
      </Container>
    </Box>
  );
}
