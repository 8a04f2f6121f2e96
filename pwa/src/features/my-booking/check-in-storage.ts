import { useCallback, useEffect, useState } from 'react';
import { GuestRegisterResponse } from '@shared/contracts/lodger-register.js';
import { keyFor } from './last-answer.js';

/**
 * What the pre-arrival check-in keeps on the guest's phone for a weak signal: the last answer
 * of the register (names only, as the server gives them) and the draft of the adult being
 * registered, so a reload or a dropped connection loses nothing typed. Keys are a SHA-256 of
 * the token (see last-answer.ts). The draft holds what the guest typed about themselves on
 * their own phone and is removed as soon as the server has the entry.
 */
const ANSWER_PREFIX = 'my-booking-register:';
const DRAFT_PREFIX = 'my-booking-check-in-draft:';

export const DRAFT_FIELDS = ['fullNames', 'surname', 'idType', 'idNumber', 'nationality', 'residenceStatus', 'homeAddress'] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];
export type DraftValues = Record<DraftField, string>;

export interface CheckInDraft {
  entryId: string;
  values: DraftValues;
}

const emptyValues = (): DraftValues => ({
  fullNames: '',
  surname: '',
  idType: '',
  idNumber: '',
  nationality: '',
  residenceStatus: '',
  homeAddress: '',
});

/** A v4 UUID (crypto.randomUUID needs a secure context; a plain-http address falls back). */
function newEntryId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const newDraft = (): CheckInDraft => ({ entryId: newEntryId(), values: emptyValues() });

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled storage only means nothing is kept.
  }
}

function readDraft(key: string): CheckInDraft | null {
  const value = readJson(key) as { entryId?: unknown; values?: Record<string, unknown> } | null;
  if (!value || typeof value.entryId !== 'string' || !value.values || typeof value.values !== 'object') return null;
  const values = emptyValues();
  for (const field of DRAFT_FIELDS) {
    const v = value.values[field];
    if (typeof v === 'string') values[field] = v;
  }
  return { entryId: value.entryId, values };
}

export interface CheckInStorage {
  /** False until the keys are known (a moment after the page opens). */
  ready: boolean;
  last: GuestRegisterResponse | null;
  saveAnswer: (answer: GuestRegisterResponse) => void;
  /** The draft found as the page opened. */
  draft: CheckInDraft | null;
  saveDraft: (draft: CheckInDraft) => void;
  clearDraft: () => void;
}

type Keys = { answer: string; draft: string } | 'none';

interface Loaded {
  keys: Keys;
  last: GuestRegisterResponse | null;
  draft: CheckInDraft | null;
}

/**
 * The stored answer and draft for this token, read once the keys are known ('none': this
 * browser cannot hash, no secure context, so nothing is kept), with functions that store new ones.
 */
export function useCheckInStorage(token: string): CheckInStorage {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    const load = (keys: Keys) => {
      if (!live) return;
      if (keys === 'none') return setLoaded({ keys, last: null, draft: null });
      const answer = GuestRegisterResponse.safeParse(readJson(keys.answer));
      setLoaded({ keys, last: answer.success ? answer.data : null, draft: readDraft(keys.draft) });
    };
    Promise.all([keyFor(token, ANSWER_PREFIX), keyFor(token, DRAFT_PREFIX)])
      .then(([answer, draft]) => load(answer && draft ? { answer, draft } : 'none'))
      .catch(() => load('none'));
    return () => {
      live = false;
    };
  }, [token]);

  const keys = loaded?.keys;
  const saveAnswer = useCallback(
    (answer: GuestRegisterResponse) => {
      if (keys && keys !== 'none') writeJson(keys.answer, answer);
      setLoaded((l) => (l ? { ...l, last: answer } : l));
    },
    [keys],
  );
  // Written on every keystroke: storage only, no re-render (the draft is read once, as the page opens).
  const saveDraft = useCallback(
    (next: CheckInDraft) => {
      if (keys && keys !== 'none') writeJson(keys.draft, next);
    },
    [keys],
  );
  const clearDraft = useCallback(() => {
    if (keys && keys !== 'none') {
      try {
        localStorage.removeItem(keys.draft);
      } catch {
        // nothing kept, nothing to remove
      }
    }
    setLoaded((l) => (l ? { ...l, draft: null } : l));
  }, [keys]);
  return { ready: loaded !== null, last: loaded?.last ?? null, saveAnswer, draft: loaded?.draft ?? null, saveDraft, clearDraft };
}
