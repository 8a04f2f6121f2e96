import Button, { type ButtonProps } from '@mui/material/Button';
import Logout from '@mui/icons-material/Logout';
import { useLogout } from '@/features/auth/api/use-logout.js';

export function LogoutButton(props: Omit<ButtonProps, 'onClick' | 'disabled' | 'children'>) {
  const logout = useLogout();
  return (
    <Button startIcon={<Logout />} {...props} disabled={logout.isPending} onClick={() => logout.mutate()}>
      {logout.isPending ? 'Logging out...' : 'Logout'}
    </Button>
  );
}
