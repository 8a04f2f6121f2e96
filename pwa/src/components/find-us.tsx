import { lazy, Suspense, useRef } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { PublicSettings } from '@shared/contracts/settings.js';
import { useNearViewport } from '@/lib/use-near-viewport.js';
import { LoadingState } from './loading-state.js';

// Leaflet (with its CSS) is a large part of the bundle: it loads only when the map is about
// to scroll into view, so the landing page's first paint does not wait for it.
const LodgeMap = lazy(() => import('./lodge-map.js'));

/** 'Find Us': the map centred on the lodge's coordinates, when the settings hold them. */
export function FindUs({ settings, id = 'find-us' }: { settings: PublicSettings | undefined; id?: string }) {
  const { latitude, longitude } = settings ?? {};
  const mapBox = useRef<HTMLDivElement>(null);
  const showMap = useNearViewport(mapBox);
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} sx={{ py: { xs: 5, md: 8 } }}>
      <Container>
        <Typography id={`${id}-title`} variant="h3" component="h2" gutterBottom>
          Find Us
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {settings?.address}
        </Typography>
        {settings && latitude != null && longitude != null && (
          <Box
            ref={mapBox}
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
            {showMap ? (
              <Suspense fallback={<LoadingState label="Loading map..." minHeight="100%" />}>
                <LodgeMap latitude={latitude} longitude={longitude} lodgeName={settings.lodgeName} tagline={settings.tagline} />
              </Suspense>
            ) : (
              <LoadingState label="Loading map..." minHeight="100%" />
            )}
          </Box>
        )}
      </Container>
    </Box>
  );
}
