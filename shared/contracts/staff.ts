import { z } from 'zod';
import { STAFF_ROLES } from '../roles.js';
import { RegisterRequest } from './auth.js';

export const STAFF_MESSAGES = {
  roleInvalid: 'Role must be SuperAdmin, Manager or Receptionist',
  notFound: 'Staff member not found',
  lastSuperAdmin: 'The last active SuperAdmin cannot be demoted or deactivated',
  nothingToChange: 'Nothing to change',
} as const;

const role = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleInvalid });

/** A staff account as the SuperAdmin's Staff screen shows it (never the password hash). */
export const StaffMember = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: role,
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type StaffMember = z.infer<typeof StaffMember>;
export const StaffList = z.array(StaffMember);

/** POST /api/admin/staff: a new staff account with a role and a first password. */
export const CreateStaffRequest = RegisterRequest.extend({ role });
export type CreateStaffRequest = z.output<typeof CreateStaffRequest>;

/** PUT /api/admin/staff/:id: change the role and/or (de)activate. */
export const UpdateStaffRequest = z
  .object({
    role: role.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    version: z.number().int().min(1).optional(),
  })
  .refine((b) => b.role !== undefined || b.isActive !== undefined, { message: STAFF_MESSAGES.nothingToChange, path: ['role'] });
export type UpdateStaffRequest = z.output<typeof UpdateStaffRequest>;

/** POST /api/admin/staff/:id/reset-password: the new password the SuperAdmin hands over. */
export const ResetPasswordRequest = RegisterRequest.pick({ password: true });
export type ResetPasswordRequest = z.output<typeof ResetPasswordRequest>;
