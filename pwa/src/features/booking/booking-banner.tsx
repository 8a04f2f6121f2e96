import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
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

/** Set by BookingFrame: the page hands its subtitle to the banner the frame keeps. */
const FrameSubtitle = createContext<((subtitle: string) => void) | null>(null);

/**
 * /booking's frame, in the app's first chunk (a few hundred bytes): the banner at once, so
 * the visitor sees where they are on a slow line, then a screen-tall loading state (the
 * footer stays below the fold) until the page's code arrives. The banner stays the same
 * element when the page replaces the loading state: it is what a phone paints first and the
 * largest text on screen, and a new element would count as a new, later paint (LCP).
 */
export function BookingFrame({ children }: { children: ReactNode }) {
  const entireLodge = new URLSearchParams(window.location.search).get('type') === 'entire-lodge';
  const [subtitle, setSubtitle] = useState(entireLodge ? ENTIRE_LODGE_SUBTITLE : BOOKING_SUBTITLE);
  return (
    <>
      <BookingBanner subtitle={subtitle} />
      <FrameSubtitle.Provider value={setSubtitle}>{children}</FrameSubtitle.Provider>
    </>
  );
}

export function BookingPageLoading() {
  return <LoadingState label="Loading..." minHeight="100dvh" />;
}

/**
 * The page's banner: inside BookingFrame the frame's (given this subtitle), else its own
 * (the page rendered on its own, as in unit tests).
 */
export function PageBanner({ subtitle }: { subtitle: string }) {
  const setFrameSubtitle = useContext(FrameSubtitle);
  useEffect(() => {
    setFrameSubtitle?.(subtitle);
  }, [setFrameSubtitle, subtitle]);
  return setFrameSubtitle ? null : <BookingBanner subtitle={subtitle} />;
}
