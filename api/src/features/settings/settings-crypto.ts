import crypto from 'node:crypto';

/**
 * The Paystack secret key and the weather key are kept encrypted in the settings row
 * (AES-256-GCM, key from SETTINGS_KEY). A stored value reads `enc:v1:<iv>:<tag>:<data>`
 * (base64url); anything else is a value saved before encryption existed, read as it is and
 * encrypted on the next save of that field.
 *
 * The key is process-wide because every feature reads settings through getSettings(db):
 * createApp sets it once from Deps before any request.
 */
const PREFIX = 'enc:v1:';
let currentKey: Buffer | undefined;

export function useSettingsKey(key: Buffer | undefined): void {
  if (key && key.length !== 32) throw new Error('settings key must be 32 bytes');
  currentKey = key;
}

function requireKey(): Buffer {
  if (!currentKey) throw new Error('settings key not configured (SETTINGS_KEY)');
  return currentKey;
}

export function encryptSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', requireKey(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${data.toString('base64url')}`;
}

export const isEncrypted = (stored: string) => stored.startsWith(PREFIX);

/**
 * The plain value of a stored secret. A value that cannot be decrypted (another key, a
 * damaged row) reads as not set rather than breaking every reader of the settings: the
 * lodge sees 'Not configured' and enters the key again.
 */
export function decryptSecret(stored: string | null): string | null {
  if (stored == null) return null;
  if (!isEncrypted(stored)) return stored;
  const [iv, tag, data] = stored.slice(PREFIX.length).split(':');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', requireKey(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** `sk_test_••••1234`: the key's prefix (up to its last underscore, when short) and last four. */
export function maskSecret(plain: string | null): string | null {
  if (!plain) return null;
  const prefix = /^([a-z]+_(?:test|live)_)/i.exec(plain)?.[1] ?? '';
  return `${prefix}${MASK}${plain.length > 8 ? plain.slice(-4) : ''}`;
}

export const MASK = '••••';

/**
 * A fingerprint of a secret (SHA-256, hex) to tell later whether the same key is still saved,
 * without keeping a second copy of it. The keys are long random tokens, so a plain hash
 * cannot be guessed back.
 */
export function secretFingerprint(plain: string): string {
  return crypto.createHash('sha256').update(plain, 'utf8').digest('hex');
}

/**
 * Files at rest (the register's signatures and ID copies): AES-256-GCM under a key derived from
 * the settings key by HKDF (info 'lodge-files:v1'), so the two uses never share a key. The
 * envelope is versioned so the key can be rotated later: 'LF' then a version byte, then the
 * 12-byte IV, the 16-byte tag and the data. The bytes kept are never the file's own.
 */
const FILE_MAGIC = Buffer.from('LF', 'ascii');
const FILE_VERSION = 1;
let fileKey: { from: Buffer; key: Buffer } | undefined;

function requireFileKey(): Buffer {
  const settings = requireKey();
  if (fileKey?.from !== settings) {
    fileKey = { from: settings, key: Buffer.from(crypto.hkdfSync('sha256', settings, Buffer.alloc(0), 'lodge-files:v1', 32)) };
  }
  return fileKey.key;
}

export function encryptFile(plain: Buffer): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', requireFileKey(), iv);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([FILE_MAGIC, Buffer.from([FILE_VERSION]), iv, cipher.getAuthTag(), data]);
}

/** The file's bytes; throws when the envelope is not one of ours or does not open with this key. */
export function decryptFile(envelope: Buffer): Buffer {
  if (envelope.length < 31 || !envelope.subarray(0, 2).equals(FILE_MAGIC) || envelope[2] !== FILE_VERSION) {
    throw new Error('not an encrypted file envelope');
  }
  const decipher = crypto.createDecipheriv('aes-256-gcm', requireFileKey(), envelope.subarray(3, 15));
  decipher.setAuthTag(envelope.subarray(15, 31));
  return Buffer.concat([decipher.update(envelope.subarray(31)), decipher.final()]);
}
