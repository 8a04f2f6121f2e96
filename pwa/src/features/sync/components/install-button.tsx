import { useSyncExternalStore } from 'react';
import Button from '@mui/material/Button';
import InstallDesktop from '@mui/icons-material/InstallDesktop';
import { canInstall, promptInstall, subscribeInstall } from '@/lib/install-prompt.js';

/** "Install app" for staff, shown only while the browser offers it and the app is not installed. */
export function InstallButton() {
  const offered = useSyncExternalStore(subscribeInstall, canInstall, () => false);
  if (!offered) return null;
  return (
    <Button size="small" startIcon={<InstallDesktop />} onClick={() => void promptInstall()} sx={{ whiteSpace: 'nowrap', minHeight: 44 }}>
      Install app
    </Button>
  );
}
