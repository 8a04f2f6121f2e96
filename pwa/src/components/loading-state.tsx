import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred spinner with a visible label ('Loading...', 'Verifying authentication...'). */
export function LoadingState({ label, minHeight = 240 }: { label: string; minHeight?: number | string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      {/* disableShrink: only the turn (a transform, run by the compositor) is animated, not the
          arc's length, which made the main thread restyle and repaint every frame (Lighthouse
          TBT); the map's placeholder below the fold spins until it is scrolled to. */}
      <CircularProgress color="primary" disableShrink aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
