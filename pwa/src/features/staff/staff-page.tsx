import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { CreateStaffRequest, ResetPasswordRequest, type StaffMember } from '@shared/contracts/staff.js';
import { STAFF_ROLES, type Role } from '@shared/roles.js';
import { formatLodgeDateTimeYear } from '@shared/format.js';
import { PageHeader } from '@/components/page-header.js';
import { LoadingState } from '@/components/loading-state.js';
import { LoadProblem, OfflineNotice } from '@/components/needs-connection.js';
import { errorText } from '@/lib/api.js';
import { useToast } from '@/components/toast/use-toast.js';
import { useAuth } from '@/features/auth/api/use-auth.js';
import { useZodForm } from '@/lib/use-zod-form.js';
import { useOnline } from '@/offline/hooks.js';
import { STAFF_KEY, createStaff, resetStaffPassword, updateStaff, useStaff } from './api/staff-api.js';

const when = (iso: string | null) => (iso ? formatLodgeDateTimeYear(iso) : 'Never');

/** Staff accounts (SuperAdmin only): who may log in to the back office, and as what. */
export function StaffPage() {
  const staff = useStaff();
  const online = useOnline();
  const { user } = useAuth();
  // A phone gets one card per person: a six-column table would hide the role and actions off-screen.
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const [deactivating, setDeactivating] = useState<StaffMember | null>(null);

  return (
    <>
      <PageHeader
        title="Staff Accounts"
        subtitle="Create staff logins, change roles, reset passwords and deactivate accounts"
        actions={
          <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setCreating(true)} disabled={!online} sx={{ minHeight: 44 }}>
            Add Staff Member
          </Button>
        }
      />
      {/* Once loaded: a failed load says the same thing itself. */}
      {staff.data && <OfflineNotice what="Staff Accounts" />}
      {staff.isPending ? (
        <LoadingState label="Loading staff..." />
      ) : staff.error ? (
        <LoadProblem error={staff.error} what="Staff Accounts" onRetry={() => void staff.refetch()} />
      ) : phone ? (
        <Stack spacing={2} component="section" aria-label="Staff">
          {staff.data.map((member) => (
            <StaffRow key={member.id} card member={member} isMe={member.id === user?.id} online={online} onReset={setResetting} onDeactivate={setDeactivating} />
          ))}
        </Stack>
      ) : (
        <Card variant="outlined" component="section" aria-label="Staff">
          <TableContainer>
            <Table size="small" sx={{ minWidth: 760, '& td, & th': { px: 1.5 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Username</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Last login</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {staff.data.map((member) => (
                  <StaffRow
                    key={member.id}
                    card={false}
                    member={member}
                    isMe={member.id === user?.id}
                    online={online}
                    onReset={setResetting}
                    onDeactivate={setDeactivating}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      {creating && <CreateStaffDialog onClose={() => setCreating(false)} />}
      {resetting && <ResetPasswordDialog member={resetting} onClose={() => setResetting(null)} />}
      {deactivating && <DeactivateDialog member={deactivating} onClose={() => setDeactivating(null)} />}
    </>
  );
}

function useUpdateStaff(fallback: string, onDone?: () => void) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    // No version: every login bumps the account's row, so a version read a minute ago would
    // refuse most role changes; "make them a Manager" means the same whatever changed since.
    mutationFn: ({ member, change }: { member: StaffMember; change: { role?: Role; isActive?: boolean } }) => updateStaff(member.id, change),
    onSuccess: async () => {
      toast({ title: 'Staff member updated successfully!', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      onDone?.();
    },
    // The server's refusal (e.g. the last active SuperAdmin) is shown in its own words.
    onError: async (err) => {
      toast({ title: 'Error', description: errorText(err, fallback), variant: 'destructive' });
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
}

function StaffRow({
  member,
  isMe,
  online,
  card,
  onReset,
  onDeactivate,
}: {
  member: StaffMember;
  isMe: boolean;
  online: boolean;
  card: boolean;
  onReset: (m: StaffMember) => void;
  onDeactivate: (m: StaffMember) => void;
}) {
  const update = useUpdateStaff('Failed to update staff member');
  const name = `${member.firstName} ${member.lastName}`;
  const who = (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {name}
        {isMe && ' (you)'}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Typography>
    </>
  );
  const role = (
    <TextField
      select
      size="small"
      value={member.role}
      disabled={!online || update.isPending}
      onChange={(e) => update.mutate({ member, change: { role: e.target.value as Role } })}
      slotProps={{ htmlInput: { 'aria-label': `Role of ${name}` } }}
      sx={{ minWidth: 150 }}
    >
      {STAFF_ROLES.map((r) => (
        <MenuItem key={r} value={r}>
          {r}
        </MenuItem>
      ))}
    </TextField>
  );
  const status = (
    <Chip
      size="small"
      label={member.isActive ? 'Active' : 'Inactive'}
      sx={{ fontWeight: 600, bgcolor: member.isActive ? '#dcfce7' : '#f3f4f6', color: member.isActive ? '#14532d' : '#374151' }}
    />
  );
  const actions = (
    <Stack direction={card ? 'row' : 'column'} spacing={card ? 1 : 0} sx={{ alignItems: 'flex-end' }}>
      <Button size="small" onClick={() => onReset(member)} disabled={!online} aria-label={`Reset password of ${name}`} sx={{ minHeight: 40 }}>
        Reset Password
      </Button>
      {member.isActive ? (
        <Button size="small" color="error" onClick={() => onDeactivate(member)} disabled={!online} aria-label={`Deactivate ${name}`} sx={{ minHeight: 40 }}>
          Deactivate
        </Button>
      ) : (
        <Button
          size="small"
          onClick={() => update.mutate({ member, change: { isActive: true } })}
          disabled={!online || update.isPending}
          aria-label={`Activate ${name}`}
          sx={{ minHeight: 40 }}
        >
          Activate
        </Button>
      )}
    </Stack>
  );

  if (card)
    return (
      <Card variant="outlined" component="article" aria-label={name}>
        <CardContent sx={{ pb: 1 }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <div>{who}</div>
            {status}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 1.5 }}>
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {member.username}
            </Box>{' '}
            · last login {when(member.lastLoginAt)}
          </Typography>
          {role}
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end' }}>{actions}</CardActions>
      </Card>
    );
  return (
    <TableRow hover>
      <TableCell sx={{ minWidth: 200 }}>{who}</TableCell>
      <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{member.username}</TableCell>
      <TableCell>{role}</TableCell>
      <TableCell>{status}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(member.lastLoginAt)}</TableCell>
      <TableCell align="right">
        {actions}
      </TableCell>
    </TableRow>
  );
}

const NEW_STAFF = { firstName: '', lastName: '', username: '', email: '', role: 'Receptionist', password: '' };

export function CreateStaffDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const online = useOnline();
  const form = useZodForm(CreateStaffRequest, NEW_STAFF);
  const create = useMutation({
    mutationFn: createStaff,
    onSuccess: async () => {
      toast({ title: 'Staff member created successfully!', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      onClose();
    },
    onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to create staff member'), variant: 'destructive' }),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="create-staff-title">
      <form noValidate onSubmit={form.handleSubmit((body) => create.mutate(body))}>
        <DialogTitle id="create-staff-title">Add Staff Member</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="First Name *" fullWidth {...form.field('firstName')} autoFocus />
              <TextField label="Last Name *" fullWidth {...form.field('lastName')} />
            </Stack>
            <TextField label="Username *" {...form.field('username')} autoComplete="off" />
            <TextField label="Email *" type="email" {...form.field('email')} />
            <TextField select label="Role *" {...form.field('role')}>
              {STAFF_ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {r}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="First Password *" type="password" {...form.field('password')} autoComplete="new-password" />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Give the first password to the person yourself; they log in at /auth with their username.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending || !online}>
            Create Account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ResetPasswordDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const { toast } = useToast();
  const online = useOnline();
  const form = useZodForm(ResetPasswordRequest, { password: '' });
  const reset = useMutation({
    mutationFn: (body: ResetPasswordRequest) => resetStaffPassword(member.id, body),
    onSuccess: () => {
      toast({ title: 'Password reset successfully!', description: `${member.firstName} ${member.lastName} can log in with the new password.`, variant: 'success' });
      onClose();
    },
    onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to reset password'), variant: 'destructive' }),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="reset-password-title">
      <form noValidate onSubmit={form.handleSubmit((body) => reset.mutate(body))}>
        <DialogTitle id="reset-password-title">Reset Password</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            A new password for {member.firstName} {member.lastName} ({member.username}). Their other sessions end.
          </DialogContentText>
          <TextField label="New Password *" type="password" fullWidth {...form.field('password')} autoComplete="new-password" autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={reset.isPending || !online}>
            Reset Password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeactivateDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const online = useOnline();
  const update = useUpdateStaff('Failed to deactivate staff member', onClose);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="deactivate-title">
      <DialogTitle id="deactivate-title">Deactivate Staff Member</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Deactivate {member.firstName} {member.lastName}? They are logged out at once and can no longer log in.
        </DialogContentText>
        {update.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(update.error, 'Failed to deactivate staff member')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={update.isPending || !online}
          onClick={() => update.mutate({ member, change: { isActive: false } })}
        >
          Deactivate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
