import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { can, type Role } from '@shared/roles.js';
import { useSetupChecklist } from './api/setup-checklist.js';

/** Where "Hide for now" is remembered, with the items it hid: a new gap shows the list again. */
const DISMISSED_KEY = 'lodge.setup-checklist.dismissed';

function dismissedItems(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The first-run checklist (docs/product.md, Dashboard): for a SuperAdmin, what a new install
 * still lacks, each a link to where it is set. Nothing when all is done, offline, or hidden.
 */
export function SetupChecklistCard({ role }: { role: Role | null | undefined }) {
  const allowed = can(role, 'setupChecklist');
  const checklist = useSetupChecklist(allowed);
  const [dismissed, setDismissed] = useState(dismissedItems);
  const open = checklist.data?.items.filter((i) => !i.done) ?? [];
  const signature = open.map((i) => i.key).join(',');
  if (!allowed || !checklist.data || checklist.data.complete || dismissed === signature) return null;

  const hide = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, signature);
    } catch {
      /* private mode: hidden until the next visit only */
    }
    setDismissed(signature);
  };

  return (
    <Alert
      severity="info"
      component="section"
      // A standing list, not an announcement: a region rather than Alert's role="alert".
      role="region"
      aria-label="Finish setting up"
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>Finish setting up</AlertTitle>
      {`Guests see these on the website and in e-mails; ${open.length === 1 ? 'one item is' : `${open.length} items are`} still unset.`}
      <List dense disablePadding sx={{ mt: 1 }}>
        {open.map((item) => (
          <ListItem key={item.key} disableGutters sx={{ alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
              <RadioButtonUnchecked fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={
                <Link component={RouterLink} to={item.href} sx={{ fontWeight: 600 }}>
                  {item.label}
                </Link>
              }
              secondary={item.detail}
            />
          </ListItem>
        ))}
      </List>
      {/* Below the list, not as the alert's action: on a phone the action column would squeeze the list. */}
      <Button color="inherit" size="small" onClick={hide} sx={{ mt: 0.5, ml: -1 }}>
        Hide for now
      </Button>
    </Alert>
  );
}
