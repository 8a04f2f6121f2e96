import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { RegisterRequest } from '@shared/contracts/auth.js';
import { useZodForm } from '@/lib/use-zod-form.js';
import { useRegister } from '@/features/auth/api/use-register.js';

export function RegisterForm() {
  const register = useRegister();
  const form = useZodForm(RegisterRequest, { username: '', password: '', firstName: '', lastName: '', email: '' });

  return (
    <Stack component="form" noValidate spacing={1} onSubmit={form.handleSubmit((data) => register.mutate(data))}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
        <TextField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
      </Stack>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Username" autoComplete="username" {...form.field('username')} />
      <TextField label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
      <Button type="submit" variant="contained" size="large" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Register'}
      </Button>
    </Stack>
  );
}
