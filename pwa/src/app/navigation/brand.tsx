import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';

/** The lodge's own name (public settings), linking home. */
export function Brand({ color = 'inherit' }: { color?: string }) {
  const settings = usePublicSettings();
  return (
    <Box
      component={RouterLink}
      to="/"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color, textDecoration: 'none', minWidth: 0 }}
    >
      {/* A phone's screen has 2 to 3 device pixels per CSS pixel: the 32 px file would be blurred. */}
      <Box
        component="img"
        src="/icons/favicon-32.png"
        srcSet="/icons/favicon-32.png 1x, /icons/logo-96.png 3x"
        alt=""
        width={30}
        height={30}
        sx={{ width: 30, height: 30, flexShrink: 0 }}
      />
      {settings.isLoading ? (
        <Skeleton variant="text" width={140} sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} />
      ) : (
        <Typography
          variant="h6"
          component="span"
          noWrap
          sx={{ fontSize: { xs: '1.05rem', sm: '1.2rem' }, letterSpacing: 0.3 }}
        >
          {/* 'Lodge' is the app's generic name (manifest), used when settings cannot load. */}
          {settings.data?.lodgeName ?? 'Lodge'}
        </Typography>
      )}
    </Box>
  );
}
