import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { can, type Capability } from '@shared/roles.js';
import { useAuth } from '@/features/auth/api/use-auth.js';

/**
 * A back-office page's own permission check, inside the admin layout: staff whose role
 * lacks the capability read the page's sentence, e.g. "You don't have permission to access
 * settings.", and get a way back to the dashboard.
 */
export function RequireCapability({
  capability,
  deniedMessage,
  children,
}: {
  capability: Capability;
  deniedMessage: string;
  children: ReactNode;
}) {
  const { user } = useAuth();
  if (can(user?.role, capability)) return <>{children}</>;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <Card sx={{ maxWidth: 520, width: '100%', textAlign: 'center' }}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            Access Restricted
          </Typography>
          <Typography color="text.secondary">{deniedMessage}</Typography>
          <Button component={RouterLink} to="/admin" variant="contained" sx={{ mt: 3 }}>
            Return to Dashboard
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
