import { useQuery } from '@tanstack/react-query';
import { SetupChecklist } from '@shared/contracts/setup-checklist.js';
import { apiFetch } from '@/lib/api.js';

/** GET /api/admin/setup-checklist (SuperAdmin): what a new install still has to set. */
const getSetupChecklist = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/admin/setup-checklist', { schema: SetupChecklist, signal });

/** Asked each time the dashboard opens: the SuperAdmin fixes an item elsewhere and comes back. */
export function useSetupChecklist(enabled: boolean) {
  return useQuery({ queryKey: ['admin', 'setup-checklist'], queryFn: ({ signal }) => getSetupChecklist({ signal }), enabled, staleTime: 0, retry: false });
}
