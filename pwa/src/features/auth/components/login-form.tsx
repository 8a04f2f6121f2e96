import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LoginRequest } from '@shared/contracts/auth.js';
import { useZodForm } from '@/lib/use-zod-form.js';
import { useLogin } from '@/features/auth/api/use-login.js';

export function LoginForm() {
  const login = useLogin();
  const form = useZodForm(LoginRequest, { username: '', password: '' });

  return (
    <Stack component="form" noValidate spacing={1} onSubmit={form.handleSubmit((data) => login.mutate(data))}>
      <TextField label="Username" autoComplete="username" autoFocus {...form.field('username')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </Button>
    </Stack>
  );
}
