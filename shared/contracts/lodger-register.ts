import { z } from 'zod';
import { IsoDateStrict, Timestamp, uuid } from './common.js';
import { checkSaIdNumber } from '../domain/sa-id-number.js';
import { isCountryCode } from '../domain/countries.js';
import { todayInLodge } from '../domain/dates.js';
import { BookingStatusSchema } from './booking-fields.js';

/**
 * The register of lodgers (Immigration Act s40, Immigration Regulations 2014 reg. 36), one entry
 * per adult guest of a stay. The same fields come from the guest's phone before arrival
 * (multipart PUT by the guest's link), from the desk (the sync operation register.upsertEntry,
 * its files uploaded first by PUT /api/sync/attachments/:id) and are read by staff for an
 * inspection (JSON and PDF).
 */

export const ID_TYPES = ['SA ID', 'Passport', 'Other'] as const;
export type IdType = (typeof ID_TYPES)[number];

export const RESIDENCE_STATUSES = ['Citizen', 'Permanent resident', 'Visitor', 'Work or study permit', 'Other'] as const;
export type ResidenceStatus = (typeof RESIDENCE_STATUSES)[number];

export const REGISTER_CHECK_IN_RULES = ['warn', 'refuse'] as const;
export type RegisterCheckInRule = (typeof REGISTER_CHECK_IN_RULES)[number];

/** Attachments: what the desk and the guest may send, recognised by their bytes. */
export const REGISTER_ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type RegisterAttachmentType = (typeof REGISTER_ATTACHMENT_TYPES)[number];
export const REGISTER_ATTACHMENT_KINDS = ['signature', 'id-copy'] as const;
export type RegisterAttachmentKind = (typeof REGISTER_ATTACHMENT_KINDS)[number];
export const MAX_REGISTER_FILE_BYTES = 10 * 1024 * 1024;
/** The request header carrying the hex SHA-256 of an attachment's bytes. */
export const ATTACHMENT_SHA256_HEADER = 'sha256';

export const REGISTER_MESSAGES = {
  fullNamesRequired: 'Full names are required',
  surnameRequired: 'Surname is required',
  idTypeInvalid: 'ID type must be SA ID, Passport or Other',
  idNumberRequired: 'ID or passport number is required',
  saIdFormat: 'An SA ID number has 13 digits',
  saIdDate: 'This SA ID number does not start with a valid date of birth',
  saIdCitizenship: 'The 11th digit of an SA ID number must be 0 or 1',
  saIdChecksum: 'This SA ID number is not valid: check the digits',
  nationalityInvalid: 'Choose a country',
  residenceStatusInvalid: 'Choose a residence status',
  homeAddressRequired: 'Home address is required',
  signatureRequired: 'A signature is required',
  idCopyRequired: 'A copy of the ID or passport is required',
  fileType: 'The file must be a JPEG, PNG or WebP image or a PDF',
  signatureType: 'The signature must be a PNG, JPEG or WebP image',
  fileTooLarge: 'The file must be at most 10 MB',
  sha256Mismatch: 'The file did not arrive whole (its sha256 does not match); send it again',
  sha256Required: 'The sha256 header must be the file’s SHA-256 as 64 hex characters',
  attachmentIdReused: 'This attachment id already holds a different file',
  attachmentMissing: 'The file for this entry has not arrived yet',
  attachmentOtherBooking: 'This file belongs to another booking',
  bookingMismatch: 'The entry names another booking',
  entryOtherBooking: 'This register entry belongs to another booking',
  tooManyEntries: (adults: number) => `This stay has ${adults} ${adults === 1 ? 'adult' : 'adults'}; every one is registered already`,
  bookingCancelled: 'A cancelled booking takes no register entries',
  registerIncompleteRefused: 'Check-in needs every adult in the register first',
  retentionMonths: 'Register retention must be a whole number of months between 24 and 120',
  checkInRule: 'Choose warn or refuse',
} as const;

const SA_ID_PROBLEM_MESSAGES = {
  format: REGISTER_MESSAGES.saIdFormat,
  date: REGISTER_MESSAGES.saIdDate,
  citizenship: REGISTER_MESSAGES.saIdCitizenship,
  checksum: REGISTER_MESSAGES.saIdChecksum,
} as const;

const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/**
 * The fields of an entry, as typed. An SA ID number is checked (13 digits, a date of birth,
 * the citizenship digit, Luhn) and kept without spaces; a passport number is kept in capitals.
 * The date of birth's century is judged against today at the lodge.
 */
export const RegisterEntryFields = z
  .object({
    fullNames: requiredText(200, REGISTER_MESSAGES.fullNamesRequired),
    surname: requiredText(100, REGISTER_MESSAGES.surnameRequired),
    idType: z.enum(ID_TYPES, { error: REGISTER_MESSAGES.idTypeInvalid }),
    idNumber: requiredText(40, REGISTER_MESSAGES.idNumberRequired),
    nationality: z
      .string({ error: REGISTER_MESSAGES.nationalityInvalid })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, REGISTER_MESSAGES.nationalityInvalid),
    residenceStatus: z.enum(RESIDENCE_STATUSES, { error: REGISTER_MESSAGES.residenceStatusInvalid }),
    // A browser sends a line break of a multipart text part as CRLF: kept as one \n.
    homeAddress: requiredText(500, REGISTER_MESSAGES.homeAddressRequired).transform((v) => v.replace(/\r\n?/g, '\n')),
  })
  .transform((fields, ctx) => {
    if (fields.idType !== 'SA ID') return { ...fields, idNumber: fields.idNumber.replace(/\s+/g, ' ').toUpperCase() };
    const check = checkSaIdNumber(fields.idNumber, todayInLodge(new Date()));
    if (!check.ok) {
      ctx.addIssue({ code: 'custom', message: SA_ID_PROBLEM_MESSAGES[check.problem], path: ['idNumber'] });
      return z.NEVER;
    }
    return { ...fields, idNumber: fields.idNumber.replace(/\s+/g, '') };
  });
export type RegisterEntryFields = z.output<typeof RegisterEntryFields>;
export type RegisterEntryFieldsInput = z.input<typeof RegisterEntryFields>;

/**
 * PUT /api/guest/bookings/:token/register/:entryId, multipart: these fields as text parts,
 * plus the files `signature` (PNG, JPEG or WebP) and `idCopy` (JPEG, PNG, WebP or PDF), both
 * required. Idempotent by entryId (the phone makes it): a second PUT replaces the entry's fields
 * and files. Answers 200 with the entry as GuestRegisterEntry.
 */
export const GuestRegisterEntryParams = z.object({
  entryId: uuid('Entry id is required', 'Entry id must be a UUID'),
});

/**
 * The sync operation register.upsertEntry (entityId: the booking). Its two files are uploaded
 * before it by PUT /api/sync/attachments/:id; the outbox keeps the entry behind them.
 */
export const RegisterUpsertEntryArgs = z
  .object({
    entryId: z.uuid(),
    bookingId: z.uuid(),
    fullNames: z.string(),
    surname: z.string(),
    idType: z.string(),
    idNumber: z.string(),
    nationality: z.string(),
    residenceStatus: z.string(),
    homeAddress: z.string(),
    signatureAttachmentId: z.uuid(),
    idCopyAttachmentId: z.uuid(),
    /** When the receptionist captured it on the device (ISO timestamp); the server's clock when absent. */
    capturedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type RegisterUpsertEntryArgs = z.infer<typeof RegisterUpsertEntryArgs>;

/**
 * PUT /api/sync/attachments/:attachmentId?bookingId=&kind= (staff only). Raw body; the
 * Content-Type header must be one of REGISTER_ATTACHMENT_TYPES and agree with the bytes; the
 * `sha256` header is the hex SHA-256 of the body. 201 the first time, 200 for the same id and
 * bytes again (stored once), 409 for the same id with other bytes.
 */
export const AttachmentUploadQuery = z.object({
  bookingId: uuid('Booking id is required', 'Booking id must be a UUID'),
  kind: z.enum(REGISTER_ATTACHMENT_KINDS, { error: 'Kind must be signature or id-copy' }),
});
export const AttachmentUploadResponse = z.object({
  id: z.uuid(),
  contentType: z.enum(REGISTER_ATTACHMENT_TYPES),
  sizeBytes: z.number().int(),
  sha256: z.string(),
});
export type AttachmentUploadResponse = z.infer<typeof AttachmentUploadResponse>;

/** An entry as the guest sees it back: their own words, no file contents. */
export const GuestRegisterEntry = z.object({
  id: z.uuid(),
  fullNames: z.string(),
  surname: z.string(),
  idType: z.enum(ID_TYPES),
  nationality: z.string(),
  residenceStatus: z.enum(RESIDENCE_STATUSES),
  hasSignature: z.boolean(),
  hasIdCopy: z.boolean(),
  capturedAt: Timestamp,
});
export type GuestRegisterEntry = z.infer<typeof GuestRegisterEntry>;

/**
 * GET /api/guest/bookings/:token/register: the s18 notice's facts and who is registered so far
 * (names only: the phone never reads an ID number or a file back).
 */
export const GuestRegisterResponse = z.object({
  reference: z.string(),
  checkInDate: IsoDateStrict,
  checkOutDate: IsoDateStrict,
  adultsExpected: z.number().int(),
  retentionMonths: z.number().int(),
  lodgeName: z.string(),
  entries: z.array(GuestRegisterEntry),
  /** False once the stay is over or cancelled: the form is not offered. */
  open: z.boolean(),
});
export type GuestRegisterResponse = z.infer<typeof GuestRegisterResponse>;

/**
 * An entry for the desk (GET /api/sync/register, kept on the tablet for offline check-in): who is
 * registered and whether the entry is complete, for the bookings on the desk's window only. No
 * ID number, no address, no file (data minimisation: the desk needs to know who is missing).
 */
export const DeskRegisterEntry = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  fullNames: z.string(),
  surname: z.string(),
  idType: z.enum(ID_TYPES),
  nationality: z.string(),
  residenceStatus: z.enum(RESIDENCE_STATUSES),
  hasSignature: z.boolean(),
  hasIdCopy: z.boolean(),
  capturedAt: Timestamp,
  capturedBy: z.string(),
});
export type DeskRegisterEntry = z.infer<typeof DeskRegisterEntry>;

export const DeskRegisterResponse = z.object({
  /** Whether check-in with the register incomplete is refused or allowed with a warning. */
  checkInRule: z.enum(REGISTER_CHECK_IN_RULES),
  /** The lodge's dates the answer covers (yesterday to a few days ahead, and every stay in house). */
  from: IsoDateStrict,
  to: IsoDateStrict,
  entries: z.array(DeskRegisterEntry),
});
export type DeskRegisterResponse = z.infer<typeof DeskRegisterResponse>;

/** An entry for an inspection (GET /api/admin/lodger-register, every staff role). */
export const LodgerRegisterEntry = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  reference: z.string(),
  bookingStatus: BookingStatusSchema,
  accommodationName: z.string(),
  checkInDate: IsoDateStrict,
  checkOutDate: IsoDateStrict,
  fullNames: z.string(),
  surname: z.string(),
  idType: z.enum(ID_TYPES),
  idNumber: z.string(),
  nationality: z.string(),
  nationalityName: z.string(),
  residenceStatus: z.enum(RESIDENCE_STATUSES),
  homeAddress: z.string(),
  signatureAttachmentId: z.uuid().nullable(),
  idCopyAttachmentId: z.uuid().nullable(),
  /** 'guest', or the staff member's name. */
  capturedBy: z.string(),
  capturedAt: Timestamp,
  deidentified: z.boolean(),
});
export type LodgerRegisterEntry = z.infer<typeof LodgerRegisterEntry>;

export const LodgerRegisterQuery = z.object({
  from: IsoDateStrict,
  to: IsoDateStrict,
  /** Part of a name or an ID number. */
  q: z.string().trim().max(100).optional(),
});
export type LodgerRegisterQuery = z.infer<typeof LodgerRegisterQuery>;

export const LodgerRegisterResponse = z.object({
  from: IsoDateStrict,
  to: IsoDateStrict,
  entries: z.array(LodgerRegisterEntry),
});
export type LodgerRegisterResponse = z.infer<typeof LodgerRegisterResponse>;

/** POST /api/admin/guests/:id/erase (SuperAdmin): what was anonymised, and what was kept and why. */
export const GuestErasureResponse = z.object({
  guestId: z.uuid(),
  erased: z.array(z.string()),
  kept: z.array(z.object({ what: z.string(), why: z.string(), until: IsoDateStrict.nullable() })),
});
export type GuestErasureResponse = z.infer<typeof GuestErasureResponse>;

/** GET /api/admin/bookings/:id/register (every staff role): the stay's entries and its progress. */
export const BookingRegisterResponse = z.object({
  bookingId: z.uuid(),
  registered: z.number().int(),
  expected: z.number().int(),
  complete: z.boolean(),
  entries: z.array(LodgerRegisterEntry),
});
export type BookingRegisterResponse = z.infer<typeof BookingRegisterResponse>;

/**
 * GET /api/admin/register/incomplete (every staff role): stays in house or arriving today whose
 * register is not complete, for the dashboard's "Register incomplete".
 */
export const RegisterIncompleteResponse = z.object({
  bookings: z.array(
    z.object({
      bookingId: z.uuid(),
      reference: z.string(),
      guestName: z.string(),
      accommodationName: z.string(),
      unitName: z.string().nullable(),
      status: BookingStatusSchema,
      checkInDate: IsoDateStrict,
      checkOutDate: IsoDateStrict,
      registered: z.number().int(),
      expected: z.number().int(),
    }),
  ),
});
export type RegisterIncompleteResponse = z.infer<typeof RegisterIncompleteResponse>;
