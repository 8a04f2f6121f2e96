import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { Role } from '@shared/roles.js';
import { adminNavLinks } from '@/app/admin-routes.js';
import { isActivePath, type NavLink } from './nav-links.js';

/**
 * The top bar's slide-in menu below md. Its own chunk: the drawer (modal, focus trap,
 * transitions) loads the first time someone opens it, not with every page.
 */
export default function MobileMenu({
  open,
  onClose,
  links: ownLinks,
  backOfficeRole,
  pathname,
  account,
}: {
  open: boolean;
  onClose: () => void;
  links: NavLink[];
  /** A staff member's role: their back-office links follow the bar's own. */
  backOfficeRole: Role | null;
  pathname: string;
  account: ReactNode;
}) {
  const links = backOfficeRole ? [...ownLinks, ...adminNavLinks(backOfficeRole)] : ownLinks;
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 'min(320px, 86vw)' } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Typography variant="h6" component="p">
          Menu
        </Typography>
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <List component="nav" aria-label="Main">
        {links.map((link) => (
          <ListItemButton key={link.to} component={RouterLink} to={link.to} selected={isActivePath(link.to, pathname)} onClick={onClose}>
            <ListItemText primary={link.label} />
          </ListItemButton>
        ))}
      </List>
      <Divider />
      <Box sx={{ p: 2 }}>{account}</Box>
    </Drawer>
  );
}
