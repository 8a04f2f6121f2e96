import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserResponse, type LoginRequest } from '@shared/contracts/auth.js';
import { AUTH_MESSAGES } from '@shared/contracts/auth.js';
import { apiFetch, serverMessage } from '@/lib/api.js';
import { useToast } from '@/components/toast/use-toast.js';
import { AUTH_USER_KEY } from './auth-keys.js';

/** POST /api/login: the logged-in user. */
export const login = (credentials: LoginRequest) =>
  apiFetch('/api/login', { method: 'POST', body: credentials, schema: UserResponse });

/** Success puts the user in the cache (which moves /auth along). */
export function useLogin() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationKey: ['login'],
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(AUTH_USER_KEY, user);
      toast({ title: 'Welcome back!', description: `Logged in as ${user.username}`, variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: 'Login failed',
        description: serverMessage(error) ?? AUTH_MESSAGES.invalidCredentials,
        variant: 'destructive',
      });
    },
  });
}
