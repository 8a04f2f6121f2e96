import { useLiveQuery } from 'dexie-react-hooks';
import type { User } from '@shared/contracts/auth.js';
import { isStaff } from '@shared/roles.js';
import { db as offlineDb, type SyncUser } from '@/offline/db.js';

/**
 * The staff member this device last synced for (the offline store's `syncState.user`).
 * When the login cannot be checked because there is no connection, this is who the back
 * office runs as, so reception is not locked out of its own desk by the bush internet.
 */

/** The stored staff user; null when there is none, undefined while IndexedDB is read. */
export function useOfflineStaffUser(): SyncUser | null | undefined {
  return useLiveQuery(async () => {
    const row = await offlineDb.syncState.get('user');
    const user = row?.value as SyncUser | undefined;
    return user && isStaff(user.role) ? user : null;
  }, []);
}

/**
 * The offline identity as the app's user record. Names are not kept offline, so the
 * username stands in for them; `id` marks it so it is never mistaken for a checked login.
 */
export function offlineUserAsUser(user: SyncUser): User {
  return { id: user.id, username: user.username, firstName: user.username, lastName: '', email: '', role: user.role };
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
