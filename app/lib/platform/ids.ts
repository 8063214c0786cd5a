/**
 * A row id as PostgreSQL's `uuid` type reads it: 8-4-4-4-12 hexadecimal digits, any version.
 * Checked before an id from an address or a form reaches a query, so a malformed one is
 * "not found" rather than a database error. Looser than zod's `z.uuid()` (RFC 9562 versions
 * and variants only) on purpose: every id the database holds passes, whatever made it.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);
