import { useLiveQuery } from 'dexie-react-hooks';
import type { User } from '@shared/contracts/auth.js';
import { isStaff } from '@shared/roles.js';
import { db as offlineDb, type DeviceUser } from '@/offline/db.js';

/**
 * The staff member this device last synced for (the offline store's `syncState.user`).
 * When the login cannot be checked because there is no connection, this is who the back
 * office runs as, so reception is not locked out of its own desk by the bush internet.
 */

/** The stored staff user; null when there is none, undefined while IndexedDB is read. */
export function useOfflineStaffUser(): DeviceUser | null | undefined {
  return useLiveQuery(async () => {
    const row = await offlineDb.syncState.get('user');
    const user = row?.value as DeviceUser | undefined;
    return user && isStaff(user.role) ? user : null;
  }, []);
}

/**
 * The offline identity as the app's user record, with the name kept at the last checked
 * login (the username stands in only on a device synced before names were kept). Marked by
 * markOfflineSeeded so it is never mistaken for a checked login.
 */
export function offlineUserAsUser(user: DeviceUser): User {
  const named = user.firstName !== undefined && user.firstName.trim() !== '';
  return {
    id: user.id,
    username: user.username,
    firstName: named ? user.firstName! : user.username,
    lastName: named ? (user.lastName ?? '') : '',
    email: '',
    role: user.role,
  };
}

const seeded = new WeakSet<object>();

/** Remembers that this user object came from the device, not from the server. */
export function markOfflineSeeded(user: User): User {
  seeded.add(user);
  return user;
}

export function isOfflineSeeded(user: User | null | undefined): boolean {
  return !!user && seeded.has(user);
}
