import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserResponse, type RegisterRequest } from '@shared/contracts/auth.js';
import { apiFetch, serverMessage } from '@/lib/api.js';
import { useToast } from '@/components/toast/use-toast.js';
import { AUTH_USER_KEY } from './auth-keys.js';

/** POST /api/register: the new guest, logged in. */
export const register = (data: RegisterRequest) =>
  apiFetch('/api/register', { method: 'POST', body: data, schema: UserResponse });

/** The new guest is logged in at once. */
export function useRegister() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationKey: ['register'],
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(AUTH_USER_KEY, user);
      toast({ title: 'Registration successful!', description: 'You are now logged in', variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: 'Registration failed',
        description: serverMessage(error) ?? 'Could not create account. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
