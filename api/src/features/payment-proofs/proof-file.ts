/**
 * What a proof of payment is, judged by its bytes: a browser's declared type and the file's
 * name say what the sender claims, and a guest's phone often claims wrongly (a screenshot
 * saved as .pdf). Only PDF, JPEG and PNG are kept.
 */
export type ProofContentType = 'application/pdf' | 'image/jpeg' | 'image/png';

const SIGNATURES: { type: ProofContentType; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

export function sniffProofType(head: Buffer): ProofContentType | undefined {
  return SIGNATURES.find((s) => head.length >= s.bytes.length && s.bytes.every((b, i) => head[i] === b))?.type;
}

const EXTENSIONS: Record<ProofContentType, string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
};

/**
 * The name kept and offered back on download: the last path part of what the guest sent
 * (a browser on Windows sends C:\...\name), without control characters, quotes or
 * separators that would break a Content-Disposition header, at most 120 characters, and
 * ending in the extension of what the bytes are.
 */
export function safeProofName(original: string | null | undefined, type: ProofContentType): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = base.replace(/[\u0000-\u001f\u007f"';:*?<>|]/g, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).trim().slice(0, 100) || 'proof-of-payment';
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  name = `${stem}.${EXTENSIONS[type].includes(ext) ? ext : EXTENSIONS[type][0]}`;
  return name;
}

/** The name as an ASCII header value (non-ASCII characters become _), for Content-Disposition's filename=. */
export function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_');
}
