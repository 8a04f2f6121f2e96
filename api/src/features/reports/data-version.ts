/**
 * The reports' data version (migration 20261206000600_reports_version) as a scalar subquery: the
 * reports read it alone, and another feature's statement can read it with its own rows in one
 * round trip and one snapshot. It grows with every committed change to bookings, units, types,
 * out-of-order periods, folio charges, the settings or the register. The channels' unit feed keeps each calendar it made
 * while the version stands. The table stays the reports' own: this is its one way out.
 */
export const DATA_VERSION_SQL = '(SELECT coalesce(sum(version), 0)::text FROM reports_version)';
