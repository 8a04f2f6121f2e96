import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { isStaff } from '@shared/roles.js';
import { LoadingState } from '@/components/loading-state.js';
import { clearPostLoginTarget, peekPostLoginTarget } from '@/lib/post-login-target.js';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';
import { useAuth } from './api/use-auth.js';
import { LoginForm } from './components/login-form.js';
import { RegisterForm } from './components/register-form.js';

type AuthTab = 'login' | 'register';

/**
 * /auth: login and register. Once there is a user (already logged in, or just now) the
 * page moves on: to the remembered post-login target, else staff to /admin, guests to '/'.
 */
export function AuthPage() {
  const { user, isLoading } = useAuth();
  const settings = usePublicSettings();
  const [tab, setTab] = useState<AuthTab>('login');

  // Navigate runs its effect before this one, so the target is read before it is cleared.
  useEffect(() => {
    if (user) clearPostLoginTarget();
  }, [user]);

  if (isLoading) return <LoadingState label="Loading..." />;
  if (user) {
    const fallback = isStaff(user.role) ? '/admin' : '/';
    return <Navigate to={peekPostLoginTarget() ?? fallback} replace />;
  }

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ textAlign: 'center', mb: 2 }}>
            <Box component="img" src="/icons/icon-192.png" alt="" sx={{ width: 56, height: 56, mb: 1 }} />
            <Typography variant="h4" component="h1">
              {settings.data?.lodgeName ?? 'Welcome'}
            </Typography>
            <Typography color="text.secondary">Log in to your account, or register as a guest.</Typography>
          </Box>
          <Tabs value={tab} onChange={(_e, value: AuthTab) => setTab(value)} variant="fullWidth" sx={{ mb: 3 }}>
            <Tab label="Login" value="login" id="auth-tab-login" aria-controls="auth-panel-login" />
            <Tab label="Register" value="register" id="auth-tab-register" aria-controls="auth-panel-register" />
          </Tabs>
          <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
            {tab === 'login' ? <LoginForm /> : <RegisterForm />}
          </div>
        </CardContent>
      </Card>
    </Box>
  );
}
