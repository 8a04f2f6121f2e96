import { Link as RouterLink } from 'react-router';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { BACK_OFFICE_BUTTON_ID, BACK_OFFICE_MENU_ID } from './back-office-ids.js';
import type { Role } from '@shared/roles.js';
import { adminNavLinks } from '@/app/admin-routes.js';
import { isActivePath } from './nav-links.js';

/**
 * The top bar's 'Back office' menu (md and up): the staff member's back-office links as menu
 * items that are links. MUI's menu moves the focus with the arrow keys, Home and End, and
 * Escape or a click outside closes it and gives the focus back to the button.
 */
export default function BackOfficeMenu({
  anchor,
  onClose,
  role,
  pathname,
}: {
  anchor: HTMLElement;
  onClose: () => void;
  /** The staff member's role: the menu lists the back-office pages it may open. */
  role: Role;
  pathname: string;
}) {
  const links = adminNavLinks(role);
  return (
    <Menu
      anchorEl={anchor}
      open
      onClose={onClose}
      variant="menu"
      // The id on the list itself (role menu), which the button's aria-controls names.
      slotProps={{ list: { id: BACK_OFFICE_MENU_ID, 'aria-labelledby': BACK_OFFICE_BUTTON_ID } }}
    >
      {links.map((link) => {
        const active = isActivePath(link.to, pathname);
        return (
          <MenuItem key={link.to} component={RouterLink} to={link.to} selected={active} aria-current={active ? 'page' : undefined} onClick={onClose}>
            {link.label}
          </MenuItem>
        );
      })}
    </Menu>
  );
}
