import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { StaffMember } from '@shared/contracts/staff.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { StaffPage } from './staff-page.js';

const sipho = StaffMember.parse({
  id: users.superAdmin.id,
  username: 'sipho',
  firstName: 'Sipho',
  lastName: 'Ndlovu',
  email: 'sipho@lodge.test',
  role: 'SuperAdmin',
  isActive: true,
  lastLoginAt: null,
  createdAt: new Date().toISOString(),
  version: 1,
});

describe('staff accounts', () => {
  it("checks a new account with the contract's messages before creating it", { timeout: 90_000 }, async () => {
    const posted: unknown[] = [];
    server.use(
      http.get('/api/admin/staff', () => HttpResponse.json([sipho])),
      http.post('/api/admin/staff', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        posted.push(body);
        const { password: _password, ...rest } = body;
        return HttpResponse.json({ ...sipho, ...rest, id: 'u-new', isActive: true }, { status: 201 });
      }),
    );
    const { user } = renderStaffPage(<StaffPage />, { user: users.superAdmin, path: '/admin/staff' });
    await user.click(await screen.findByRole('button', { name: 'Add Staff Member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Staff Member' }));
    await user.click(dialog.getByRole('button', { name: 'Create Account' }));
    expect(dialog.getByText('First name is required')).toBeInTheDocument();
    expect(dialog.getByText('Last name is required')).toBeInTheDocument();
    expect(dialog.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(dialog.getByText('Valid email is required')).toBeInTheDocument();
    expect(dialog.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    fireEvent.change(dialog.getByLabelText(/First Name/), { target: { value: 'Lerato' } });
    fireEvent.change(dialog.getByLabelText(/Last Name/), { target: { value: 'Khumalo' } });
    fireEvent.change(dialog.getByLabelText(/Username/), { target: { value: 'lerato' } });
    fireEvent.change(dialog.getByLabelText(/Email/), { target: { value: 'lerato@lodge.test' } });
    fireEvent.change(dialog.getByLabelText(/First Password/), { target: { value: 'bushveld1' } });
    await user.click(dialog.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Staff member created successfully!')).toBeInTheDocument();
    expect(posted).toEqual([{ firstName: 'Lerato', lastName: 'Khumalo', username: 'lerato', email: 'lerato@lodge.test', role: 'Receptionist', password: 'bushveld1' }]);
  });

  it("shows the server's refusal to deactivate the last active SuperAdmin", async () => {
    server.use(
      http.get('/api/admin/staff', () => HttpResponse.json([sipho])),
      http.put(`/api/admin/staff/${sipho.id}`, () =>
        HttpResponse.json({ message: 'The last active SuperAdmin cannot be demoted or deactivated', code: 'last_superadmin' }, { status: 422 }),
      ),
    );
    const { user } = renderStaffPage(<StaffPage />, { user: users.superAdmin, path: '/admin/staff' });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Sipho Ndlovu' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Deactivate Staff Member' }));
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    expect(await dialog.findByText('The last active SuperAdmin cannot be demoted or deactivated')).toBeInTheDocument();
  });
});
