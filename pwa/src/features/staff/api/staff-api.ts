import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { StaffList, StaffMember, type CreateStaffRequest, type ResetPasswordRequest, type UpdateStaffRequest } from '@shared/contracts/staff.js';
import { apiFetch } from '@/lib/api.js';

export const STAFF_KEY = ['admin', 'staff'] as const;

/** GET /api/admin/staff (SuperAdmin only). */
export const getStaff = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('/api/admin/staff', { schema: StaffList, signal });

export const staffQueryOptions = () => queryOptions({ queryKey: STAFF_KEY, queryFn: ({ signal }) => getStaff({ signal }) });

export function useStaff() {
  return useQuery(staffQueryOptions());
}

/** POST /api/admin/staff: a new account with its role and first password. */
export const createStaff = (body: CreateStaffRequest) => apiFetch('/api/admin/staff', { method: 'POST', body, schema: StaffMember });

/** PUT /api/admin/staff/{id}: role and/or active flag; deactivating ends their sessions. */
export const updateStaff = (id: string, body: UpdateStaffRequest) =>
  apiFetch(`/api/admin/staff/${id}`, { method: 'PUT', body, schema: StaffMember });

/** POST /api/admin/staff/{id}/reset-password. */
export const resetStaffPassword = (id: string, body: ResetPasswordRequest) =>
  apiFetch(`/api/admin/staff/${id}/reset-password`, { method: 'POST', body, schema: z.object({ message: z.string() }) });
