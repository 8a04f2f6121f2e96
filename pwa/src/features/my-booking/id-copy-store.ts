/**
 * The ID copy chosen for a draft, kept in IndexedDB under the draft's entry id so a reload on
 * a weak signal does not ask for the photo again. Plain IndexedDB: the offline store (Dexie)
 * is the staff side's weight, and a guest's page carries none of it. Every failure (private
 * mode, storage full) only means nothing is kept. The file is removed once the server has it.
 */
const DB_NAME = 'guest-check-in';
const STORE = 'id-copies';

interface Kept {
  blob: Blob;
  name: string;
  type: string;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => {
      db.close();
      resolve(request.result);
    };
    tx.onerror = tx.onabort = () => {
      db.close();
      reject(tx.error);
    };
  });
}

export async function keepIdCopy(entryId: string, file: File): Promise<void> {
  try {
    const kept: Kept = { blob: file, name: file.name, type: file.type };
    await run('readwrite', (store) => store.put(kept, entryId));
  } catch {
    // nothing kept
  }
}

export async function keptIdCopy(entryId: string): Promise<File | null> {
  try {
    const kept = (await run('readonly', (store) => store.get(entryId))) as Kept | undefined;
    return kept?.blob ? new File([kept.blob], kept.name, { type: kept.type }) : null;
  } catch {
    return null;
  }
}

export async function dropIdCopy(entryId: string): Promise<void> {
  try {
    await run('readwrite', (store) => store.delete(entryId));
  } catch {
    // nothing to remove
  }
}
