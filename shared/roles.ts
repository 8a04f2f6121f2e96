/**
 * The role table (docs/product.md, Roles and permissions), in one place. The API enforces it on every
 * admin route (http/guards.ts); the PWA reads the same table to show or hide links.
 */
export const STAFF_ROLES = ['SuperAdmin', 'Manager', 'Receptionist'] as const;
export type Role = (typeof STAFF_ROLES)[number];

export const CAPABILITIES = {
  dashboard: ['SuperAdmin', 'Manager', 'Receptionist'],
  calendar: ['SuperAdmin', 'Manager', 'Receptionist'],
  viewAccommodations: ['SuperAdmin', 'Manager', 'Receptionist'],
  manageAccommodations: ['SuperAdmin', 'Manager'],
  manageBookings: ['SuperAdmin', 'Manager', 'Receptionist'],
  deleteBookings: ['SuperAdmin', 'Manager'],
  managePayments: ['SuperAdmin', 'Manager'],
  refunds: ['SuperAdmin', 'Manager'],
  invoices: ['SuperAdmin', 'Manager'],
  rates: ['SuperAdmin', 'Manager'],
  events: ['SuperAdmin', 'Manager'],
  settings: ['SuperAdmin', 'Manager'],
  seeKeysWarning: ['SuperAdmin'],
  setupChecklist: ['SuperAdmin'],
  manageStaff: ['SuperAdmin'],
  viewAudit: ['SuperAdmin', 'Manager'],
  /** The register of lodgers: an inspection, a booking's register, its files (every read audited). */
  lodgerRegister: ['SuperAdmin', 'Manager', 'Receptionist'],
  /** The housekeeping board and a unit's cleaning status (out of order periods are manageAccommodations). */
  housekeeping: ['SuperAdmin', 'Manager', 'Receptionist'],
  /** The owner's reports: occupancy, ADR, RevPAR, revenue, pace. */
  reports: ['SuperAdmin', 'Manager'],
  /** A guest's erasure request (POPIA): anonymises their data everywhere the law allows. */
  eraseGuests: ['SuperAdmin'],
  /** The waitlist: who waits for which nights, and taking a guest off it (the desk answers their calls too). */
  waitlist: ['SuperAdmin', 'Manager', 'Receptionist'],
  /** Channel calendars: the iCal feeds imported from Booking.com, Airbnb and others, the export addresses, clashes. */
  channels: ['SuperAdmin', 'Manager'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

export function can(role: Role | null | undefined, capability: Capability): boolean {
  return !!role && (CAPABILITIES[capability] as readonly Role[]).includes(role);
}

export function isStaff(role: Role | null | undefined): role is Role {
  return !!role && (STAFF_ROLES as readonly string[]).includes(role);
}
