import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';

/** An honest note on a screen whose working parts are still being built. */
export function UpcomingNotice({ children }: { children: ReactNode }) {
  return (
    <Alert severity="info" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
      {children}
    </Alert>
  );
}
