import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { Role } from '@shared/roles.js';

/** Shown when the user's role is not in a page's required list (docs/product.md, Protected pages). */
export function AccessDenied({ roles }: { roles: readonly Role[] }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: 8 }}>
      <Card sx={{ maxWidth: 480, width: '100%', textAlign: 'center' }}>
        <CardContent sx={{ p: 4 }}>
          <LockOutlined color="error" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
          <Typography variant="h5" component="h1" gutterBottom>
            Access Denied
          </Typography>
          <Typography color="text.secondary">You don't have the required permissions to access this page.</Typography>
          {roles.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Required role: {roles.join(' or ')}
            </Typography>
          )}
          <Button component={RouterLink} to="/" variant="outlined" sx={{ mt: 3 }}>
            Go to Home
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
