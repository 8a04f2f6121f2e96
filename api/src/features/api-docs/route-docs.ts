import { z } from 'zod';
import { AccommodationType, AccommodationTypeRequest, CreateUnitRequest, DeleteImageRequest, PublicUnit, Unit, UpdateUnitRequest } from '../../../../shared/contracts/accommodations.js';
import { AuditPage, AuditQuery } from '../../../../shared/contracts/audit.js';
import { LoginRequest, RegisterRequest, UserResponse } from '../../../../shared/contracts/auth.js';
import {
  AvailabilityRequest,
  AvailabilityResponse,
  PackageAvailabilityRequest,
  PackageAvailabilityResponse,
} from '../../../../shared/contracts/availability.js';
import { BankStatementResponse, ConfirmStatementRequest, ConfirmStatementResponse } from '../../../../shared/contracts/bank-statements.js';
import {
  AdminBookingsQuery,
  AdminCreateBookingRequest,
  Booking,
  BookingList,
  BookingLookupQuery,
  BookingLookupResponse,
  CreateBookingRequest,
  GuestList,
  UpcomingArrivalsResponse,
  UpdateBookingRequest,
} from '../../../../shared/contracts/bookings.js';
import { CalendarQuery, CalendarWindow } from '../../../../shared/contracts/calendar.js';
import { ChannelFeed, ChannelFeedRequest, ChannelsOverview, UnitExport } from '../../../../shared/contracts/channels.js';
import { ChatAnswer, ChatAnswersResponse, ChatFaqsResponse, ChatRequest, ChatResponse, UpdateChatAnswerRequest } from '../../../../shared/contracts/chat.js';
import { ContactEnquiryRequest, ContactEnquiryResponse } from '../../../../shared/contracts/contact.js';
import { JoinWaitlistRequest, JoinWaitlistResponse, RemoveWaitlistEntryResponse, WaitlistResponse } from '../../../../shared/contracts/waitlist.js';
import { BookingProof, BookingProofList, PaymentsAttentionResponse } from '../../../../shared/contracts/desk-money.js';
import { ReleaseNightsRequest, ReleaseNightsResponse } from '../../../../shared/contracts/early-departure.js';
import { MoveBookingRequest, MoveBookingResponse, MoveOptions, MoveOptionsQuery } from '../../../../shared/contracts/room-move.js';
import {
  CreateOutOfOrderRequest,
  EndOutOfOrderResponse,
  HousekeepingBoard,
  HousekeepingBoardQuery,
  OutOfOrderResponse,
  SetHousekeepingRequest,
} from '../../../../shared/contracts/housekeeping.js';
import { Event, EventList, EventRequest, PublicEventList, TicketType, TicketTypeList, TicketTypeRequest } from '../../../../shared/contracts/events.js';
import { AddFolioChargeRequest, Extra, ExtraRequest, Folio, FolioChargeResponse, VoidFolioChargeRequest } from '../../../../shared/contracts/folio.js';
import {
  BookingLinkRequest,
  GuestBookingResponse,
  GuestCancelRequest,
  GuestCancelResponse,
  GuestPaymentRequest,
  GuestPaymentResponse,
  ProofUploadResponse,
} from '../../../../shared/contracts/guest-bookings.js';
import { PublicExtra } from '../../../../shared/contracts/guest-extras.js';
import { AccommodationImageQuery, BackgroundImageQuery } from '../../../../shared/contracts/images.js';
import { CreditNoteRequest, Invoice, InvoiceListQuery, InvoiceSummary } from '../../../../shared/contracts/invoices.js';
import {
  AttachmentUploadQuery,
  AttachmentUploadResponse,
  BookingRegisterResponse,
  DeskRegisterResponse,
  GuestErasureResponse,
  GuestRegisterEntry,
  GuestRegisterResponse,
  LodgerRegisterQuery,
  LodgerRegisterResponse,
  RegisterEntryFields,
  RegisterIncompleteResponse,
} from '../../../../shared/contracts/lodger-register.js';
import { ReportSeriesQuery, ReportSeriesResponse, ReportSummaryQuery, ReportSummaryResponse } from '../../../../shared/contracts/reports.js';
import {
  InitializePaymentRequest,
  InitializePaymentResponse,
  PaymentHistoryQuery,
  PaymentHistoryResponse,
  PaymentTransaction,
  RefundRequest,
  RefundResponse,
  VerifyPaymentRequest,
  VerifyPaymentResponse,
} from '../../../../shared/contracts/payments.js';
import { CalculateRateRequest, CalculateRateResponse } from '../../../../shared/contracts/pricing.js';
import { PromoCode, PromoCodeList, PromoCodeRequest, RateOverride, RateOverrideList, RateOverrideRequest } from '../../../../shared/contracts/rates.js';
import { AdminSettings, PublicSettings, TestPaystackResponse, UpdateSettingsRequest } from '../../../../shared/contracts/settings.js';
import { SetupChecklist } from '../../../../shared/contracts/setup-checklist.js';
import { PublicSpecialOfferList, SpecialOffer, SpecialOfferList, SpecialOfferRequest } from '../../../../shared/contracts/specials.js';
import { CreateStaffRequest, ResetPasswordRequest, StaffList, StaffMember, UpdateStaffRequest } from '../../../../shared/contracts/staff.js';
import { SyncPullQuery, SyncPullResponse, SyncPushRequest, SyncPushResponse } from '../../../../shared/contracts/sync.js';
import { SystemStatusResponse } from '../../../../shared/contracts/system-status.js';
import { WeatherResponse } from '../../../../shared/contracts/weather.js';

/**
 * What each route of the route table takes and answers, for the OpenAPI document
 * (openapi.ts). The schemas are the shared contracts the routes parse with and the PWA reads
 * with, so the document cannot drift from the code the way a hand-written one would; the
 * few answers no contract describes (a message, a deleted id) are written here. The access of
 * each route (session cookie, capability) comes from the route table itself.
 * openapi.integration.test.ts fails for a route of the table missing here.
 */

export type Tag =
  | 'Health'
  | 'API description'
  | 'Auth'
  | 'Catalogue'
  | 'Bookings'
  | 'Payments'
  | 'Guest booking page'
  | 'Chat and contact'
  | 'Back office: accommodations'
  | 'Back office: settings'
  | 'Back office: payments'
  | 'Back office: invoices'
  | 'Back office: rates'
  | 'Back office: events'
  | 'Back office: staff and audit'
  | 'Back office: bookings'
  | 'Back office: housekeeping'
  | 'Lodger register'
  | 'Reports'
  | 'Back office: channel calendars'
  | 'Offline sync';

/** A body sent as multipart/form-data: its file fields (name: how many) and text fields. */
export interface MultipartBody {
  kind: 'multipart';
  files: Record<string, { maxFiles: number; description: string }>;
  fields?: z.ZodType;
}
/** A raw body (the desk's attachment upload): the accepted content types. */
export interface RawBody {
  kind: 'raw';
  contentTypes: readonly string[];
  description: string;
}

export interface RouteDoc {
  tag: Tag;
  summary: string;
  description?: string;
  query?: z.ZodType;
  /** Request headers the route reads (beyond the session cookie and Origin). */
  headers?: Record<string, { description: string; pattern?: string }>;
  body?: z.ZodType | MultipartBody | RawBody;
  /**
   * The success answer: status, and the JSON schema, or a non-JSON content type. `replayed`
   * describes the 200 an idempotent create answers, with the same schema, when its id was
   * already stored (a tablet's retry after a lost answer).
   */
  ok: { status: number; schema?: z.ZodType; contentType?: string; description?: string; replayed?: string };
  /** More answers than the standard errors (openapi.ts adds 400/401/403/404 where they apply). */
  also?: Partial<Record<304 | 409 | 413 | 422 | 429 | 502 | 503, string>>;
}

export const MessageResponse = z.object({ message: z.string() });
const DeletedResponse = z.object({ message: z.string(), id: z.string() });
const OkResponse = z.object({ ok: z.literal(true) });
const HeroImageResponse = AdminSettings.extend({ message: z.string() });
const ExtraDeleteResponse = z.object({ message: z.string(), extra: Extra });
const ResetPasswordResponse = z.object({ message: z.string(), id: z.string() });
const WebhookResponse = z.object({ received: z.literal(true) });

const image = (what: string): MultipartBody => ({ kind: 'multipart', files: { image: { maxFiles: 1, description: what } } });

const d = (doc: RouteDoc) => doc;
const list = <T extends z.ZodType>(item: T) => z.array(item);

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/health': d({ tag: 'Health', summary: 'The API is up', ok: { status: 200, schema: OkResponse } }),
  'GET /api/health/db': d({ tag: 'Health', summary: 'The API and its database answer (one SELECT 1)', ok: { status: 200, schema: OkResponse }, also: { 503: 'The database does not answer' } }),

  'GET /api/openapi.json': d({ tag: 'API description', summary: 'This document (OpenAPI 3.1, generated from the route table and the contracts)', ok: { status: 200, schema: z.object({ openapi: z.string() }).loose() } }),
  'GET /api/docs': d({ tag: 'API description', summary: 'The API reference page for this document', ok: { status: 200, contentType: 'text/html' } }),
  'GET /api/docs/init.js': d({ tag: 'API description', summary: "The reference page's script", ok: { status: 200, contentType: 'text/javascript' } }),
  'GET /api/docs/scalar.js': d({ tag: 'API description', summary: 'The reference renderer (Scalar, from npm)', ok: { status: 200, contentType: 'text/javascript' } }),

  'POST /api/login': d({ tag: 'Auth', summary: 'Log in (sets the session cookie)', body: LoginRequest, ok: { status: 200, schema: UserResponse }, also: { 429: 'Too many attempts' } }),
  'POST /api/register': d({ tag: 'Auth', summary: 'Create a guest account (sets the session cookie)', body: RegisterRequest, ok: { status: 201, schema: UserResponse }, also: { 409: 'Username or e-mail taken', 429: 'Too many attempts' } }),
  'POST /api/logout': d({ tag: 'Auth', summary: 'Log out (ends the session)', ok: { status: 200, schema: MessageResponse } }),
  'GET /api/auth/user': d({ tag: 'Auth', summary: 'The signed-in user', ok: { status: 200, schema: UserResponse } }),

  'GET /api/accommodations': d({ tag: 'Catalogue', summary: 'Active accommodation types', ok: { status: 200, schema: list(AccommodationType) }, also: { 304: 'Not modified (ETag)' } }),
  'GET /api/units': d({ tag: 'Catalogue', summary: 'Active units', ok: { status: 200, schema: list(PublicUnit) }, also: { 304: 'Not modified (ETag)' } }),
  'POST /api/availability': d({ tag: 'Catalogue', summary: 'Free units of a type for a stay', body: AvailabilityRequest, ok: { status: 200, schema: AvailabilityResponse } }),
  'POST /api/package-availability': d({ tag: 'Catalogue', summary: 'Whether a package (the entire lodge) is free for a stay', body: PackageAvailabilityRequest, ok: { status: 200, schema: PackageAvailabilityResponse } }),
  'POST /api/calculate-rate': d({ tag: 'Catalogue', summary: "A stay's price, night by night", body: CalculateRateRequest, ok: { status: 200, schema: CalculateRateResponse } }),
  'GET /api/public/settings': d({ tag: 'Catalogue', summary: 'What the public site needs of the settings', ok: { status: 200, schema: PublicSettings } }),
  'GET /api/public/events': d({ tag: 'Catalogue', summary: 'Upcoming events', ok: { status: 200, schema: PublicEventList } }),
  'GET /api/public/extras': d({ tag: 'Catalogue', summary: 'Extras a guest may add when booking', ok: { status: 200, schema: list(PublicExtra) } }),
  'GET /api/public/special-offers': d({ tag: 'Catalogue', summary: 'Special offers a guest can still use', ok: { status: 200, schema: PublicSpecialOfferList } }),
  'GET /api/weather': d({ tag: 'Catalogue', summary: "The lodge's weather", ok: { status: 200, schema: WeatherResponse }, also: { 502: 'The weather service failed', 503: 'Weather not configured' } }),
  'GET /api/accommodation-image': d({ tag: 'Catalogue', summary: 'An accommodation picture, resized', query: AccommodationImageQuery, ok: { status: 200, contentType: 'image/*' }, also: { 304: 'Not modified (ETag)', 502: 'The picture could not be fetched' } }),
  'GET /api/background-image': d({ tag: 'Catalogue', summary: 'The hero picture, resized', query: BackgroundImageQuery, ok: { status: 200, contentType: 'image/*' }, also: { 304: 'Not modified (ETag)', 502: 'The picture could not be fetched' } }),
  'GET /api/chatbot/faqs': d({ tag: 'Chat and contact', summary: "The chat's frequent questions", ok: { status: 200, schema: ChatFaqsResponse } }),
  'POST /api/chatbot/chat': d({ tag: 'Chat and contact', summary: "The chat's answer to a question", body: ChatRequest, ok: { status: 200, schema: ChatResponse }, also: { 429: 'Too many questions' } }),
  'POST /api/contact': d({ tag: 'Chat and contact', summary: 'Send the lodge a message', body: ContactEnquiryRequest, ok: { status: 201, schema: ContactEnquiryResponse }, also: { 429: 'Too many messages' } }),
  'POST /api/waitlist': d({ tag: 'Bookings', summary: 'Join the waitlist for dates nothing is free on', description: 'Told once by e-mail, oldest first, when matching nights come free; no hold is promised.', body: JoinWaitlistRequest, ok: { status: 201, schema: JoinWaitlistResponse }, also: { 429: 'Too many waitlist requests' } }),

  'POST /api/bookings': d({
    tag: 'Bookings',
    summary: "A guest's EFT booking (or, with isPackageBooking, staff's package booking, whose guest may come without an e-mail given a phone)",
    body: CreateBookingRequest,
    ok: { status: 201, schema: Booking },
    also: { 409: 'Not available', 422: 'Over capacity or outside the stay limits', 429: 'Too many bookings from this client' },
  }),
  'GET /api/bookings/lookup': d({ tag: 'Bookings', summary: 'A guest reads their booking by reference and e-mail', query: BookingLookupQuery, ok: { status: 200, schema: BookingLookupResponse }, also: { 429: 'Too many look-ups' } }),
  'POST /api/payments/initialize': d({
    tag: 'Payments',
    summary: 'Start a card payment: the booking is held and Paystack is asked for a checkout',
    body: InitializePaymentRequest,
    ok: { status: 200, schema: InitializePaymentResponse },
    also: { 409: 'Not available', 422: 'Over capacity or outside the stay limits', 429: 'Too many bookings from this client', 502: 'Paystack failed', 503: 'Card payments are not configured (no Paystack key)' },
  }),
  'POST /api/payments/verify': d({ tag: 'Payments', summary: 'Verify a card payment with Paystack', body: VerifyPaymentRequest, ok: { status: 200, schema: VerifyPaymentResponse }, also: { 502: 'Paystack failed', 503: 'Card payments are not configured (no Paystack key)' } }),
  'POST /api/payments/webhook': d({ tag: 'Payments', summary: "Paystack's webhook (signed with the secret key)", description: 'Authenticated by the x-paystack-signature header, not a session.', body: z.object({ event: z.string() }).loose(), ok: { status: 200, schema: WebhookResponse } }),

  'POST /api/guest/booking-links': d({ tag: 'Guest booking page', summary: 'E-mail a fresh link to a booking (202 whether or not it matches)', body: BookingLinkRequest, ok: { status: 202, schema: MessageResponse }, also: { 429: 'Too many requests for this address' } }),
  'GET /api/guest/bookings/:token': d({ tag: 'Guest booking page', summary: 'The booking behind a guest link', ok: { status: 200, schema: GuestBookingResponse }, also: { 429: 'Too many wrong tokens' } }),
  'POST /api/guest/bookings/:token/payments': d({ tag: 'Guest booking page', summary: 'Pay the balance by card', body: GuestPaymentRequest, ok: { status: 200, schema: GuestPaymentResponse }, also: { 409: 'Nothing left to pay', 429: 'Too many wrong tokens', 502: 'Paystack failed', 503: 'Card payments are not offered or not configured' } }),
  'POST /api/guest/bookings/:token/cancel': d({ tag: 'Guest booking page', summary: 'Cancel the booking under the policy', body: GuestCancelRequest, ok: { status: 200, schema: GuestCancelResponse }, also: { 409: 'Already cancelled, checked in or past', 429: 'Too many wrong tokens' } }),
  'POST /api/guest/bookings/:token/proofs': d({
    tag: 'Guest booking page',
    summary: 'Upload a proof of an EFT payment (PDF, JPEG or PNG, at most 5 MB)',
    body: { kind: 'multipart', files: { file: { maxFiles: 1, description: 'The proof: PDF, JPEG or PNG' } } },
    ok: { status: 201, schema: ProofUploadResponse },
    also: { 409: 'Booking cancelled, or too many proofs', 413: 'Over 5 MB', 429: 'Too many uploads' },
  }),
  'GET /api/guest/bookings/:token/register': d({ tag: 'Lodger register', summary: "The booking's register, for the guest's pre-arrival check-in", ok: { status: 200, schema: GuestRegisterResponse }, also: { 429: 'Too many wrong tokens' } }),
  'PUT /api/guest/bookings/:token/register/:entryId': d({
    tag: 'Lodger register',
    summary: 'An adult guest registers themselves (idempotent by the entry id)',
    body: { kind: 'multipart', fields: RegisterEntryFields, files: { signature: { maxFiles: 1, description: 'The drawn signature (PNG, JPEG or WebP)' }, idCopy: { maxFiles: 1, description: 'A copy of the ID or passport (image or PDF)' } } },
    ok: { status: 200, schema: GuestRegisterEntry },
    also: { 409: 'The register of this stay is closed, or full', 413: 'A file over 10 MB', 429: 'Too many wrong tokens' },
  }),

  'GET /api/admin/accommodations': d({ tag: 'Back office: accommodations', summary: 'Every accommodation type, inactive ones too', ok: { status: 200, schema: list(AccommodationType) } }),
  'POST /api/admin/accommodations': d({ tag: 'Back office: accommodations', summary: 'Create an accommodation type', body: AccommodationTypeRequest, ok: { status: 201, schema: AccommodationType }, also: { 409: 'Name taken' } }),
  'PUT /api/admin/accommodations/:id': d({ tag: 'Back office: accommodations', summary: 'Change an accommodation type', body: AccommodationTypeRequest, ok: { status: 200, schema: AccommodationType }, also: { 409: 'Name taken, or changed meanwhile' } }),
  'DELETE /api/admin/accommodations/:id': d({ tag: 'Back office: accommodations', summary: 'Delete an accommodation type', ok: { status: 200, schema: DeletedResponse }, also: { 409: 'A system type', 422: 'It has bookings or units' } }),
  'POST /api/admin/accommodations/:id/images': d({
    tag: 'Back office: accommodations',
    summary: "Add pictures to a type (re-encoded; at most 10 a request)",
    body: { kind: 'multipart', files: { images: { maxFiles: 10, description: 'JPEG, PNG, WebP or AVIF pictures' } } },
    ok: { status: 200, schema: AccommodationType },
    also: { 413: 'A picture too large' },
  }),
  'DELETE /api/admin/accommodations/:id/images': d({ tag: 'Back office: accommodations', summary: 'Remove a picture from a type', body: DeleteImageRequest, ok: { status: 200, schema: AccommodationType } }),
  'GET /api/admin/units': d({ tag: 'Back office: accommodations', summary: 'Every unit, inactive ones too', ok: { status: 200, schema: list(Unit) } }),
  'POST /api/admin/units': d({ tag: 'Back office: accommodations', summary: 'Create a unit', body: CreateUnitRequest, ok: { status: 201, schema: Unit }, also: { 409: 'Name taken' } }),
  'PUT /api/admin/units/:id': d({ tag: 'Back office: accommodations', summary: 'Rename or (de)activate a unit', body: UpdateUnitRequest, ok: { status: 200, schema: Unit }, also: { 409: 'Name taken, or changed meanwhile' } }),
  'DELETE /api/admin/units/:id': d({ tag: 'Back office: accommodations', summary: 'Delete a unit', ok: { status: 200, schema: DeletedResponse }, also: { 422: 'It has bookings' } }),

  'GET /api/admin/settings': d({ tag: 'Back office: settings', summary: 'Lodge settings (secrets masked)', ok: { status: 200, schema: AdminSettings } }),
  'PUT /api/admin/settings': d({ tag: 'Back office: settings', summary: 'Change lodge settings', body: UpdateSettingsRequest, ok: { status: 200, schema: AdminSettings }, also: { 409: 'Changed meanwhile' } }),
  'POST /api/admin/settings/test-paystack': d({ tag: 'Back office: settings', summary: "Test the Paystack secret key (always 200 with the result)", ok: { status: 200, schema: TestPaystackResponse } }),
  'GET /api/admin/setup-checklist': d({ tag: 'Back office: settings', summary: "The first-run checklist", ok: { status: 200, schema: SetupChecklist } }),
  'POST /api/admin/settings/hero-image': d({ tag: 'Back office: settings', summary: 'Set the hero picture', body: image('JPEG, PNG or WebP'), ok: { status: 200, schema: HeroImageResponse }, also: { 413: 'Too large' } }),
  'DELETE /api/admin/settings/hero-image': d({ tag: 'Back office: settings', summary: 'Remove the hero picture', ok: { status: 200, schema: HeroImageResponse } }),
  'POST /api/admin/upload-background': d({ tag: 'Back office: settings', summary: 'Set the hero picture (the same as /api/admin/settings/hero-image)', body: image('JPEG, PNG or WebP'), ok: { status: 200, schema: HeroImageResponse }, also: { 413: 'Too large' } }),
  'DELETE /api/admin/upload-background': d({ tag: 'Back office: settings', summary: 'Remove the hero picture (the same as DELETE /api/admin/settings/hero-image)', ok: { status: 200, schema: HeroImageResponse } }),
  'GET /api/admin/chat-answers': d({ tag: 'Back office: settings', summary: "The chat's answers", ok: { status: 200, schema: ChatAnswersResponse } }),
  'PUT /api/admin/chat-answers/:topic': d({ tag: 'Back office: settings', summary: "Change one of the chat's answers", body: UpdateChatAnswerRequest, ok: { status: 200, schema: ChatAnswer }, also: { 409: 'Changed meanwhile' } }),

  'POST /api/admin/payments/refund': d({ tag: 'Back office: payments', summary: 'Refund a booking (card through Paystack, the rest recorded)', body: RefundRequest, ok: { status: 200, schema: RefundResponse }, also: { 409: 'Nothing to refund, or more than was paid', 502: 'Paystack failed', 503: 'A card refund is due and Paystack is not configured' } }),
  'GET /api/admin/payments/history': d({ tag: 'Back office: payments', summary: "A booking's payment ledger", query: PaymentHistoryQuery, ok: { status: 200, schema: PaymentHistoryResponse } }),
  'POST /api/admin/payments/bank-statements': d({
    tag: 'Back office: payments',
    summary: "Upload a bank's CSV statement and match its credits to bookings",
    body: {
      kind: 'multipart',
      files: { file: { maxFiles: 1, description: 'The CSV export' } },
      fields: z.object({ bank: z.string().optional(), dateColumn: z.string().optional(), descriptionColumn: z.string().optional(), amountColumn: z.string().optional() }),
    },
    ok: { status: 201, schema: BankStatementResponse },
    also: { 413: 'Over 5 MB' },
  }),
  'POST /api/admin/payments/bank-statements/:id/confirm': d({ tag: 'Back office: payments', summary: 'Record the confirmed lines as EFT payments (each line once)', body: ConfirmStatementRequest, ok: { status: 200, schema: ConfirmStatementResponse }, also: { 409: 'A line already recorded' } }),
  'GET /api/admin/payments/attention': d({ tag: 'Back office: payments', summary: 'Overdue balances, EFT proofs to check and EFT refunds owed', ok: { status: 200, schema: PaymentsAttentionResponse } }),
  'POST /api/admin/payments/eft-refunds/:id/paid': d({ tag: 'Back office: payments', summary: 'Mark an EFT refund owed as paid', ok: { status: 200, schema: PaymentTransaction }, also: { 409: 'Not pending' } }),

  'POST /api/admin/bookings/:id/invoices': d({ tag: 'Back office: invoices', summary: "Issue a tax invoice for the folio's lines not yet invoiced", ok: { status: 201, schema: Invoice }, also: { 409: 'Nothing to invoice' } }),
  'GET /api/admin/invoices': d({ tag: 'Back office: invoices', summary: 'Invoices and credit notes', query: InvoiceListQuery, ok: { status: 200, schema: list(InvoiceSummary) } }),
  'GET /api/admin/invoices.csv': d({ tag: 'Back office: invoices', summary: 'Invoices and credit notes as CSV', query: InvoiceListQuery, ok: { status: 200, contentType: 'text/csv' } }),
  'GET /api/admin/invoices/:id': d({ tag: 'Back office: invoices', summary: 'An invoice or credit note', ok: { status: 200, schema: Invoice } }),
  'GET /api/admin/invoices/:id/pdf': d({ tag: 'Back office: invoices', summary: 'An invoice or credit note as PDF', ok: { status: 200, contentType: 'application/pdf' } }),
  'POST /api/admin/invoices/:id/credit-notes': d({ tag: 'Back office: invoices', summary: 'Issue a credit note against an invoice', body: CreditNoteRequest, ok: { status: 201, schema: Invoice }, also: { 409: 'More than is left of the invoice' } }),

  'GET /api/admin/rate-overrides': d({ tag: 'Back office: rates', summary: 'Rate overrides', ok: { status: 200, schema: RateOverrideList } }),
  'POST /api/admin/rate-overrides': d({ tag: 'Back office: rates', summary: 'Create a rate override', body: RateOverrideRequest, ok: { status: 201, schema: RateOverride } }),
  'PUT /api/admin/rate-overrides/:id': d({ tag: 'Back office: rates', summary: 'Change a rate override', body: RateOverrideRequest, ok: { status: 200, schema: RateOverride }, also: { 409: 'Changed meanwhile' } }),
  'DELETE /api/admin/rate-overrides/:id': d({ tag: 'Back office: rates', summary: 'Delete a rate override', ok: { status: 200, schema: DeletedResponse } }),
  'GET /api/admin/promo-codes': d({ tag: 'Back office: rates', summary: 'Promo codes', ok: { status: 200, schema: PromoCodeList } }),
  'POST /api/admin/promo-codes': d({ tag: 'Back office: rates', summary: 'Create a promo code', body: PromoCodeRequest, ok: { status: 201, schema: PromoCode }, also: { 409: 'Code taken' } }),
  'PUT /api/admin/promo-codes/:id': d({ tag: 'Back office: rates', summary: 'Change a promo code', body: PromoCodeRequest, ok: { status: 200, schema: PromoCode }, also: { 409: 'Code taken, or changed meanwhile' } }),
  'DELETE /api/admin/promo-codes/:id': d({ tag: 'Back office: rates', summary: 'Delete a promo code', ok: { status: 200, schema: DeletedResponse } }),
  'GET /api/admin/special-offers': d({ tag: 'Back office: rates', summary: 'Special offers', ok: { status: 200, schema: SpecialOfferList } }),
  'POST /api/admin/special-offers': d({ tag: 'Back office: rates', summary: 'Create a special offer', body: SpecialOfferRequest, ok: { status: 201, schema: SpecialOffer } }),
  'PUT /api/admin/special-offers/:id': d({ tag: 'Back office: rates', summary: 'Change a special offer', body: SpecialOfferRequest, ok: { status: 200, schema: SpecialOffer }, also: { 409: 'Changed meanwhile' } }),
  'DELETE /api/admin/special-offers/:id': d({ tag: 'Back office: rates', summary: 'Delete a special offer', ok: { status: 200, schema: DeletedResponse } }),
  'GET /api/admin/extras': d({ tag: 'Back office: rates', summary: 'The extras catalogue', ok: { status: 200, schema: list(Extra) } }),
  'POST /api/admin/extras': d({ tag: 'Back office: rates', summary: 'Create an extra', body: ExtraRequest, ok: { status: 201, schema: Extra }, also: { 409: 'Name taken' } }),
  'PUT /api/admin/extras/:id': d({ tag: 'Back office: rates', summary: 'Change an extra', body: ExtraRequest, ok: { status: 200, schema: Extra }, also: { 409: 'Name taken, or changed meanwhile' } }),
  'DELETE /api/admin/extras/:id': d({
    tag: 'Back office: rates',
    summary: 'Delete an extra (204), or deactivate one that was charged (200 with a message)',
    ok: { status: 200, schema: ExtraDeleteResponse },
  }),

  'GET /api/admin/events': d({ tag: 'Back office: events', summary: 'Events', ok: { status: 200, schema: EventList } }),
  'POST /api/admin/events': d({ tag: 'Back office: events', summary: 'Create an event', body: EventRequest, ok: { status: 201, schema: Event } }),
  'PUT /api/admin/events/:id': d({ tag: 'Back office: events', summary: 'Change an event', body: EventRequest, ok: { status: 200, schema: Event }, also: { 409: 'Changed meanwhile' } }),
  'DELETE /api/admin/events/:id': d({ tag: 'Back office: events', summary: 'Delete an event', ok: { status: 200, schema: DeletedResponse } }),
  'GET /api/admin/events/:id/ticket-types': d({ tag: 'Back office: events', summary: "An event's ticket types", ok: { status: 200, schema: TicketTypeList } }),
  'POST /api/admin/events/:id/ticket-types': d({ tag: 'Back office: events', summary: 'Create a ticket type', body: TicketTypeRequest, ok: { status: 201, schema: TicketType } }),
  'PUT /api/admin/events/:id/ticket-types/:ticketTypeId': d({ tag: 'Back office: events', summary: 'Change a ticket type', body: TicketTypeRequest, ok: { status: 200, schema: TicketType } }),
  'DELETE /api/admin/events/:id/ticket-types/:ticketTypeId': d({ tag: 'Back office: events', summary: 'Delete a ticket type', ok: { status: 200, schema: DeletedResponse } }),

  'GET /api/admin/staff': d({ tag: 'Back office: staff and audit', summary: 'Staff accounts', ok: { status: 200, schema: StaffList } }),
  'POST /api/admin/staff': d({ tag: 'Back office: staff and audit', summary: 'Create a staff account', body: CreateStaffRequest, ok: { status: 201, schema: StaffMember }, also: { 409: 'Username or e-mail taken' } }),
  'PUT /api/admin/staff/:id': d({ tag: 'Back office: staff and audit', summary: "Change a staff member's role or status", body: UpdateStaffRequest, ok: { status: 200, schema: StaffMember }, also: { 409: 'The last SuperAdmin' } }),
  'POST /api/admin/staff/:id/reset-password': d({ tag: 'Back office: staff and audit', summary: "Set a staff member's password (their other sessions end)", body: ResetPasswordRequest, ok: { status: 200, schema: ResetPasswordResponse } }),
  'GET /api/admin/audit': d({ tag: 'Back office: staff and audit', summary: 'The audit log, a page at a time', query: AuditQuery, ok: { status: 200, schema: AuditPage } }),
  'GET /api/admin/waitlist': d({ tag: 'Back office: bookings', summary: "The waitlist, oldest first, with each entry's status", ok: { status: 200, schema: WaitlistResponse } }),
  'DELETE /api/admin/waitlist/:id': d({ tag: 'Back office: bookings', summary: 'Take a guest off the waitlist', ok: { status: 200, schema: RemoveWaitlistEntryResponse } }),

  'GET /api/admin/bookings': d({ tag: 'Back office: bookings', summary: 'Bookings whose stay overlaps the window', query: AdminBookingsQuery, ok: { status: 200, schema: BookingList }, also: { 304: 'Not modified (ETag)' } }),
  'POST /api/admin/bookings': d({
    tag: 'Back office: bookings',
    summary: 'A staff booking, the guest with an e-mail or a phone (201; 200 with the stored booking for a replayed id)',
    body: AdminCreateBookingRequest,
    ok: { status: 201, schema: Booking, replayed: 'The booking stored under this id before (a replay)' },
    also: { 409: 'Not available', 422: 'Over capacity or outside the stay limits' },
  }),
  'PUT /api/admin/bookings/:id': d({ tag: 'Back office: bookings', summary: "Change a booking's status, payment or requests", body: UpdateBookingRequest, ok: { status: 200, schema: Booking }, also: { 409: 'Not allowed from its status, or changed meanwhile' } }),
  'POST /api/admin/bookings/:id/release-nights': d({
    tag: 'Back office: bookings',
    summary: "Release the nights an early departure left (the stay ends the day the guest left; the folio credits them or not, by Lodge Settings)",
    body: ReleaseNightsRequest,
    ok: { status: 200, schema: ReleaseNightsResponse },
    also: { 409: 'Not checked out, already released, or no night left', 422: 'A unit of a multi-unit stay: release its parent' },
  }),
  'POST /api/admin/bookings/:id/move': d({
    tag: 'Back office: bookings',
    summary: 'Move a stay (or a split stay\'s segment) to another unit, whole or from a date (the stay is then split); the price stays unless reprice',
    body: MoveBookingRequest,
    ok: { status: 200, schema: MoveBookingResponse },
    also: { 409: 'The unit is taken (naming the booking), out of order or inactive; the same unit; the stay is not live', 422: 'An entire-lodge or group stay; nights that cannot be repriced' },
  }),
  'GET /api/admin/bookings/:id/move-options': d({ tag: 'Back office: bookings', summary: 'The units free for the nights a room move would take', query: MoveOptionsQuery, ok: { status: 200, schema: MoveOptions } }),
  'DELETE /api/admin/bookings/:id': d({ tag: 'Back office: bookings', summary: 'Delete a booking', ok: { status: 200, schema: DeletedResponse }, also: { 409: 'It has invoices' } }),
  'GET /api/admin/entire-lodge-bookings': d({ tag: 'Back office: bookings', summary: 'Entire-lodge bookings', ok: { status: 200, schema: BookingList } }),
  'DELETE /api/admin/entire-lodge-bookings/:id': d({ tag: 'Back office: bookings', summary: 'Delete an entire-lodge booking and its units', ok: { status: 200, schema: DeletedResponse }, also: { 409: 'It has invoices' } }),
  'GET /api/admin/guests': d({ tag: 'Back office: bookings', summary: 'Guests, with how often they booked', ok: { status: 200, schema: GuestList } }),
  'GET /api/admin/bookings/:id/folio': d({ tag: 'Back office: bookings', summary: "A booking's folio", ok: { status: 200, schema: Folio } }),
  'POST /api/admin/bookings/:id/folio/charges': d({ tag: 'Back office: bookings', summary: 'Post an extra to the folio (idempotent by chargeId)', body: AddFolioChargeRequest, ok: { status: 201, schema: FolioChargeResponse, replayed: 'The charge stored under this chargeId before (a replay), and the folio' }, also: { 409: 'The booking is cancelled' } }),
  'POST /api/admin/bookings/:id/folio/charges/:chargeId/void': d({ tag: 'Back office: bookings', summary: 'Void a charge', body: VoidFolioChargeRequest, ok: { status: 200, schema: FolioChargeResponse }, also: { 409: 'Already void' } }),
  'GET /api/admin/upcoming-arrivals': d({ tag: 'Back office: bookings', summary: 'Arrivals and departures of the next 7 days', ok: { status: 200, schema: UpcomingArrivalsResponse } }),
  'GET /api/admin/calendar': d({ tag: 'Back office: bookings', summary: 'The calendar window', query: CalendarQuery, ok: { status: 200, schema: CalendarWindow }, also: { 304: 'Not modified (ETag)' } }),
  'GET /api/admin/housekeeping': d({ tag: 'Back office: housekeeping', summary: "The housekeeping board: every active unit's cleaning status, out of order periods, and the day's arrivals and departures", query: HousekeepingBoardQuery, ok: { status: 200, schema: HousekeepingBoard } }),
  'PUT /api/admin/units/:id/housekeeping': d({ tag: 'Back office: housekeeping', summary: "Set a unit's cleaning status (Clean, Dirty, Inspected) and note", body: SetHousekeepingRequest, ok: { status: 200, schema: Unit }, also: { 409: 'Changed meanwhile (the unit as it is now in current)' } }),
  'POST /api/admin/out-of-order': d({ tag: 'Back office: housekeeping', summary: 'Take a unit out of order for dates (online only)', body: CreateOutOfOrderRequest, ok: { status: 201, schema: OutOfOrderResponse }, also: { 409: 'A booking holds the unit then (named), or the unit is out of order then already' } }),
  'DELETE /api/admin/out-of-order/:id': d({ tag: 'Back office: housekeeping', summary: 'Remove an out of order period not yet begun, or end one under way today', ok: { status: 200, schema: EndOutOfOrderResponse }, also: { 409: 'The period has ended already' } }),
  'GET /api/admin/system-status': d({ tag: 'Back office: bookings', summary: "Jobs, e-mail and database status", ok: { status: 200, schema: SystemStatusResponse } }),
  'GET /api/admin/bookings/:id/proofs': d({ tag: 'Back office: payments', summary: "A booking's EFT proofs", ok: { status: 200, schema: BookingProofList } }),
  'GET /api/admin/bookings/:id/proofs/:proofId': d({ tag: 'Back office: payments', summary: 'An EFT proof file', ok: { status: 200, contentType: 'application/octet-stream' } }),
  'POST /api/admin/bookings/:id/proofs/:proofId/checked': d({ tag: 'Back office: payments', summary: 'Mark an EFT proof checked', ok: { status: 200, schema: BookingProof } }),

  'GET /api/admin/lodger-register': d({ tag: 'Lodger register', summary: 'The register of lodgers for a period', query: LodgerRegisterQuery, ok: { status: 200, schema: LodgerRegisterResponse } }),
  'GET /api/admin/lodger-register/pdf': d({ tag: 'Lodger register', summary: 'The register of lodgers for a period, printable', query: LodgerRegisterQuery, ok: { status: 200, contentType: 'application/pdf' } }),
  'GET /api/admin/register/attachments/:attachmentId': d({ tag: 'Lodger register', summary: 'A signature or ID copy (each read audited)', ok: { status: 200, contentType: 'application/octet-stream' } }),
  'GET /api/admin/bookings/:id/register': d({ tag: 'Lodger register', summary: "A booking's register", ok: { status: 200, schema: BookingRegisterResponse } }),
  'GET /api/admin/register/incomplete': d({ tag: 'Lodger register', summary: 'Stays in house or arriving today with an incomplete register', ok: { status: 200, schema: RegisterIncompleteResponse } }),
  'POST /api/admin/guests/:id/erase': d({ tag: 'Lodger register', summary: "Erase a guest's personal data where no law keeps it", ok: { status: 200, schema: GuestErasureResponse } }),

  'GET /api/admin/reports/summary': d({ tag: 'Reports', summary: "A range's figures (occupancy, ADR, RevPAR, revenue, bookings), the same period last year, pace and nationalities", query: ReportSummaryQuery, ok: { status: 200, schema: ReportSummaryResponse } }),
  'GET /api/admin/reports/series': d({ tag: 'Reports', summary: 'One figure by day, week or month, optionally by type, channel or payment method', query: ReportSeriesQuery, ok: { status: 200, schema: ReportSeriesResponse } }),
  'GET /api/admin/channel-feeds': d({
    tag: 'Back office: channel calendars',
    summary: "The channels' calendar feeds, each unit's export address (GET /ical/units/<unitId>/<token>.ics, iCalendar) and every clash",
    ok: { status: 200, schema: ChannelsOverview },
  }),
  'POST /api/admin/channel-feeds': d({ tag: 'Back office: channel calendars', summary: "Import a channel's calendar for a unit (fetched every ICAL_POLL_MINUTES)", body: ChannelFeedRequest, ok: { status: 201, schema: ChannelFeed }, also: { 409: 'The unit already has a feed from that channel' } }),
  'PUT /api/admin/channel-feeds/:id': d({ tag: 'Back office: channel calendars', summary: "Change a feed (its address, unit or channel; rotateExportToken gives the channel a new export address)", body: ChannelFeedRequest, ok: { status: 200, schema: ChannelFeed }, also: { 409: 'The unit already has a feed from that channel' } }),
  'DELETE /api/admin/channel-feeds/:id': d({ tag: 'Back office: channel calendars', summary: 'Remove a feed (the stays it blocked are cancelled)', ok: { status: 200, schema: DeletedResponse } }),
  'POST /api/admin/channel-feeds/:id/sync': d({ tag: 'Back office: channel calendars', summary: 'Fetch the feed now; a failed fetch shows in lastError and changes nothing else', ok: { status: 200, schema: ChannelFeed } }),
  'POST /api/admin/channel-exports/:unitId/rotate': d({ tag: 'Back office: channel calendars', summary: "A new general export address for the unit (the old one then answers 404)", ok: { status: 200, schema: UnitExport } }),

  'POST /api/sync/push': d({ tag: 'Offline sync', summary: "Replay the desk's queued changes (an outcome per entry)", body: SyncPushRequest, ok: { status: 200, schema: SyncPushResponse } }),
  'GET /api/sync/pull': d({ tag: 'Offline sync', summary: 'Changes since a cursor', query: SyncPullQuery, ok: { status: 200, schema: SyncPullResponse } }),
  'PUT /api/sync/attachments/:attachmentId': d({
    tag: 'Offline sync',
    summary: 'Upload a register file before the entry that names it (idempotent by id)',
    query: AttachmentUploadQuery,
    headers: { sha256: { description: "The file's SHA-256 in hex; another digest is refused (400) so the tablet sends it again", pattern: '^[0-9a-fA-F]{64}$' } },
    body: { kind: 'raw', contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'], description: 'The file; its type is checked by its bytes' },
    ok: { status: 201, schema: AttachmentUploadResponse, replayed: 'The same bytes were stored under this id before (a replay)' },
    also: { 409: 'Other bytes under this id', 413: 'Over 10 MB' },
  }),
  'GET /api/sync/register': d({ tag: 'Offline sync', summary: "The register of the desk's window", ok: { status: 200, schema: DeskRegisterResponse } }),
};
