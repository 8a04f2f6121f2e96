import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lodgeColors } from '@/app/theme.js';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';
import { LoadingState } from '@/components/loading-state.js';

export const BOOKING_SUBTITLE = 'Choose your dates, your suite and how you pay';
export const ENTIRE_LODGE_SUBTITLE = 'The entire lodge, for your group alone';

/** The top of /booking: the lodge's name, 'Book Your Stay' and what is being booked. */
export function BookingBanner({ subtitle }: { subtitle: ReactNode }) {
  const settings = usePublicSettings();
  return (
    <Box
      sx={{
        background: `linear-gradient(135deg, ${lodgeColors.bushDark} 0%, ${lodgeColors.bush} 60%, ${lodgeColors.earth} 100%)`,
        color: '#fffdf7',
        pt: { xs: 4, md: 6 },
        pb: { xs: 8, md: 10 },
      }}
    >
      <Container maxWidth="md">
        <Typography variant="overline" component="p" sx={{ color: lodgeColors.savanna }}>
          {settings.data?.lodgeName ?? 'Private Game Lodge'}
        </Typography>
        <Typography variant="h3" component="h1">
          Book Your Stay
        </Typography>
        <Typography sx={{ mt: 1, opacity: 0.9 }}>{subtitle}</Typography>
      </Container>
    </Box>
  );
}

/**
 * /booking while its chunk loads (it is in the app's first chunk, a few hundred bytes): the
 * page's own banner at once, so the visitor sees where they are on a slow line instead of a
 * bare spinner, then a screen-tall loading state that keeps the footer below the fold.
 */
export function BookingPageLoading() {
  const entireLodge = new URLSearchParams(window.location.search).get('type') === 'entire-lodge';
  return (
    <>
      <BookingBanner subtitle={entireLodge ? ENTIRE_LODGE_SUBTITLE : BOOKING_SUBTITLE} />
      <LoadingState label="Loading..." minHeight="100dvh" />
    </>
  );
}
