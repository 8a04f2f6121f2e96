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
      <CircularProgress color="primary" aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
