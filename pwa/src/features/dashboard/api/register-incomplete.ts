import { useQuery } from '@tanstack/react-query';
import { RegisterIncompleteResponse } from '@shared/contracts/lodger-register.js';
import { apiFetch } from '@/lib/api.js';

/** GET /api/admin/register/incomplete: stays in house or arriving today whose register is not complete. */
export function useRegisterIncomplete() {
  return useQuery({
    queryKey: ['admin', 'register-incomplete'] as const,
    queryFn: ({ signal }) => apiFetch('/api/admin/register/incomplete', { schema: RegisterIncompleteResponse, signal }),
    staleTime: 0,
    retry: false,
  });
}
