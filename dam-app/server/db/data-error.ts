/**
 * SQLSTATEs with which the database refuses a value the caller sent (data exceptions of class 22): text with NUL or
 * bad bytes, a number past its column, a malformed or impossible date. The schemas keep these out; a miss is still
 * the caller's bad input, not the server's failure.
 */
const CALLER_DATA_ERRORS = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22009', // invalid_time_zone_displacement_value
  '22021', // character_not_in_repertoire (NUL, bytes that are no UTF-8)
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
]);

/** Did the database refuse a value of the request (rather than fail by itself)? The same on PGlite and PostgreSQL. */
export function isCallerDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CALLER_DATA_ERRORS.has(code);
}
