/**
 * The import boundaries of the code, checked by dependency-cruiser (`npm run lint:deps`, part
 * of `npm test` and of .ci/run). Each rule says why it exists; an exception is written into
 * its rule (a pathNot) with the reason beside it. Paths are relative to the repository root.
 *
 * Which feature owns a table is not an import, so dependency-cruiser cannot see it: the
 * owners of the catalogue's tables and of the settings row, and the reads of them from
 * another feature that stay (with their reasons), are listed at the end of this file and
 * checked by api/src/db/table-owners.test.ts.
 */

/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    {
      name: 'feature-imports-another-features-repo',
      severity: 'error',
      comment:
        'One feature owns each table: other features call its use cases and queries (e.g. ' +
        'features/audit/record-audit.ts, features/accommodations/queries.ts), never its repo, so ' +
        'the owner can change its SQL alone. Tests are exempt: an integration test may read a ' +
        "repo to check what was stored (the e-mail outbox's rows, say).",
      from: { path: '^api/src/features/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^api/src/features/[^/]+/[^/]+\\.repo\\.ts$', pathNot: '^api/src/features/$1/' },
    },
    {
      name: 'only-repos-import-knex',
      severity: 'error',
      comment:
        'SQL lives in *.repo.ts files (and in db/: the connection, migrations, transactions, the ' +
        'advisory lock); use cases pass the Tx / Database types of db/transaction.ts around. ' +
        'Tests are exempt: they set up and inspect their own database.',
      from: { path: '^api/src/', pathNot: ['\\.repo\\.ts$', '^api/src/db/', '\\.test\\.ts$'] },
      to: { path: '^node_modules/knex/' },
    },
    {
      name: 'domain-code-imports-http',
      severity: 'error',
      comment:
        'http/ only turns requests into calls and errors into answers (the error table, ' +
        'validation, guards, the route table). Use cases, repos and adapters throw the domain ' +
        'errors of api/src/errors.ts and take the session user of features/auth/session-user.ts, ' +
        'so they run the same from the sync push, a job or a test. Routes (*.routes.ts) are the ' +
        'HTTP side of a feature and use http/ freely. Exceptions, each limited by the rules below: ' +
        'features/auth/session.ts is the session middleware (it reads and sets the Koa state), and ' +
        "features/uploads/uploads.service.ts checks files the multipart parser hands over (the parser's " +
        'file type and size limit), and features/api-docs/ describes the HTTP side itself (the ' +
        'OpenAPI document is made of the route table).',
      from: {
        path: '^api/src/(features|adapters)/',
        pathNot: [
          '\\.routes\\.ts$',
          '\\.test\\.ts$',
          '^api/src/features/auth/session\\.ts$',
          '^api/src/features/uploads/uploads\\.service\\.ts$',
          '^api/src/features/api-docs/',
        ],
      },
      to: { path: '^api/src/http/' },
    },
    {
      name: 'session-middleware-imports-http',
      severity: 'error',
      comment: 'The session middleware takes the Koa state type from http/, nothing else.',
      from: { path: '^api/src/features/auth/session\\.ts$' },
      to: { path: '^api/src/http/', pathNot: '^api/src/http/types\\.ts$' },
    },
    {
      name: 'uploads-import-http',
      severity: 'error',
      comment: "The uploads service takes the multipart parser's file type and limits from http/, nothing else.",
      from: { path: '^api/src/features/uploads/uploads\\.service\\.ts$' },
      to: { path: '^api/src/http/', pathNot: '^api/src/http/multipart\\.ts$' },
    },
    {
      name: 'feature-imports-jobs',
      severity: 'error',
      comment:
        'jobs/ starts the features\' jobs (jobs.ts), so a feature importing it would turn the ' +
        'dependency around; what a job needs to run on one instance only is the advisory lock ' +
        'in db/.',
      from: { path: '^api/src/features/' },
      to: { path: '^api/src/jobs/' },
    },
    {
      name: 'shared-imports-api-or-pwa',
      severity: 'error',
      comment:
        'shared/ (contracts and pure domain rules) is used by the API, the PWA and its offline ' +
        'store alike, so it depends on neither.',
      from: { path: '^shared/' },
      to: { path: '^(api|pwa)/' },
    },
    {
      name: 'pwa-feature-imports-another-features-internals',
      severity: 'error',
      comment:
        "A PWA feature uses another feature only through that feature's api/ folder (its " +
        'fetchers, hooks and edits, e.g. front-desk/api/desk-actions.ts); what two features ' +
        'share otherwise lives in components/ or lib/. Where one screen shows another ' +
        "feature's screen (Booking Management's details dialog shows the payments section), " +
        'the app layer composes them (pwa/src/app/pages/).',
      from: { path: '^pwa/src/features/([^/]+)/' },
      to: { path: '^pwa/src/features/', pathNot: ['^pwa/src/features/$1/', '^pwa/src/features/[^/]+/api/'] },
    },
    {
      name: 'barrel-file',
      severity: 'error',
      comment:
        'No barrel files: an index.ts that re-exports other modules hides where things live, ' +
        'drags every module it names into whatever imports one of them, and makes cycles easy. ' +
        'Import the module that defines the thing.',
      from: { path: '(^|/)index\\.tsx?$' },
      to: { dependencyTypes: ['export'] },
    },
  ],
  options: {
    doNotFollow: { path: '^node_modules/' },
    exclude: { path: '^(dist|data)/' },
    // Type-only imports count: a use case naming http's session type depends on http/.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.d.ts'],
    },
  },
};

/**
 * Tables whose owner is checked (the owning feature's folder, its tables), and the reads of
 * them from another feature that stay, each because it is one joined statement on a path
 * that must not gain round trips. Everything else reads them through the owner's queries
 * (features/accommodations/queries.ts, features/settings/settings.service.ts: getSettings).
 * Not dependency-cruiser options (its configuration takes no other keys), so not enumerable;
 * api/src/db/table-owners.test.ts reads them.
 */
const tableOwners = [
  { owner: 'api/src/features/accommodations/', tables: ['accommodation_types', 'units', 'package_inclusions', 'catalogue_version'] },
  { owner: 'api/src/features/settings/', tables: ['settings', 'paystack_connection_test'] },
  { owner: 'api/src/features/chat/', tables: ['chat_answers'] },
  { owner: 'api/src/features/extras/', tables: ['extras'] },
  { owner: 'api/src/features/folio/', tables: ['folio_charges'] },
  { owner: 'api/src/features/invoices/', tables: ['invoices', 'invoice_lines', 'document_counters'] },
  { owner: 'api/src/features/specials/', tables: ['special_offers', 'special_offer_types'] },
  { owner: 'api/src/features/guest-bookings/', tables: ['guest_booking_links', 'payment_reminders'] },
  { owner: 'api/src/features/payments/', tables: ['payment_requests'] },
  { owner: 'api/src/features/payment-proofs/', tables: ['payment_proofs'] },
  { owner: 'api/src/features/bank-reconciliation/', tables: ['bank_statements', 'bank_statement_lines'] },
  { owner: 'api/src/features/lodger-register/', tables: ['register_entries', 'register_attachments'] },
  { owner: 'api/src/features/housekeeping/', tables: ['unit_out_of_order'] },
  { owner: 'api/src/features/waitlist/', tables: ['waitlist_entries', 'waitlist_freed_nights'] },
  { owner: 'api/src/features/channels/', tables: ['channel_feeds', 'channel_feed_events', 'unit_ical_tokens'] },
  { owner: 'api/src/features/reports/', tables: ['reports_version'] },
];
const tableReadExceptions = [
  {
    file: 'api/src/features/accommodations/accommodations.repo.ts',
    tables: ['unit_out_of_order'],
    reason:
      "A unit is answered with its out of order periods (the Unit contract's outOfOrder), aggregated " +
      'in the statement that reads it (the catalogue, the sync pull, the housekeeping board), as a ' +
      "booking is answered with its unit's name; the periods are written by the housekeeping feature only.",
  },
  {
    file: 'api/src/features/channels/channels.repo.ts',
    tables: ['units', 'unit_out_of_order'],
    reason:
      "A unit's calendar feed (GET /ical/units/<unit>/<token>.ics, polled by every channel every few minutes): " +
      "the unit's tokens, its live stays and its out-of-order periods in one prepared statement (the issue's " +
      'benchmark: at least half the rate of /api/health/db); the feeds and export addresses are listed with ' +
      "their units' names joined.",
  },
  {
    file: 'api/src/features/availability/availability.repo.ts',
    tables: ['accommodation_types', 'units'],
    reason:
      "Availability: a type's active units and how many are free for the stay (the bookings' " +
      'held rule joined to the units), one statement per request on the booking pages.',
  },
  {
    file: 'api/src/features/pricing/pricing.repo.ts',
    tables: ['accommodation_types', 'settings', 'special_offers', 'special_offer_types'],
    reason:
      "The quote (calculate-rate, every booking): the type's rates, its overrides, the promo code " +
      'and the card discount of the settings row in one statement, with whether any active ' +
      "special touches the stay (the specials themselves are read through the specials feature's " +
      'query, and only then: most stays have none, and stay one round trip). Reading the settings through ' +
      'getSettings beside it was measured (bench/http.ts, calculate-rate at 50 connections on ' +
      'PostgreSQL): two statements a request, about a quarter fewer requests a second.',
  },
  {
    file: 'api/src/features/bookings/bookings.repo.ts',
    tables: ['accommodation_types', 'units', 'special_offers'],
    reason:
      "A booking is answered with its unit's and type's names (and its special's), joined in the statement that " +
      'reads it (the calendar, the sync pull, the lists, every use case); and the units free for ' +
      "a stay are ordered by the bookings' held rule in one statement when a booking is placed.",
  },
  {
    file: 'api/src/features/folio/folio.repo.ts',
    tables: ['accommodation_types', 'units', 'settings', 'invoices', 'invoice_lines'],
    reason:
      "The folio (opened with every booking at the desk): the stay's booking with its unit's or " +
      "type's name, its charges, its ledger, the tax settings and the invoice numbers of its invoiced lines in one statement. Read through " +
      'their owners it took five statements, about 6 ms a folio on PGlite, a tenth of the ' +
      'health/db ceiling (bench/http.ts, GET /api/admin/bookings/:id/folio).',
  },
  {
    file: 'api/src/features/guest-bookings/guest-bookings.repo.ts',
    tables: ['accommodation_types', 'units', 'folio_charges'],
    reason:
      "The guest's booking page (GET /api/guest/bookings/:token, opened on phones on weak signal): " +
      'the live link, its booking with the type and unit names, the ledger and the folio charges in ' +
      'one statement, where reading them through their owners took five round trips.',
  },
  {
    file: 'api/src/features/sync/sync.repo.ts',
    tables: ['accommodation_types', 'units', 'extras', 'folio_charges'],
    reason:
      'The sync pull: the change feed of types, units, bookings, extras and folio charges is one ' +
      'statement over their change_txid indexes (one snapshot, one round trip per page).',
  },
  {
    file: 'api/src/features/reports/reports.repo.ts',
    tables: ['accommodation_types', 'units', 'settings', 'folio_charges', 'unit_out_of_order', 'register_entries'],
    reason:
      "The reports: a range's units, out-of-order periods, stays, folio charges, bookings made, the VAT " +
      'setting and the register\'s nationalities in one statement that reads only the range\'s rows; ' +
      'through their owners it took seven round trips per range, and the summary reads two ranges ' +
      '(bench/reports.ts: 12 months on the scale fixture, median under 50 ms at 10 connections).',
  },
];
Object.defineProperty(config, 'tableOwners', { value: tableOwners, enumerable: false });
Object.defineProperty(config, 'tableReadExceptions', { value: tableReadExceptions, enumerable: false });

module.exports = config;
