/**
 * The server's notion of "now". Every rule that depends on time (session expiry,
 * account lockout) asks here, so tests can move time forward instead of sleeping.
 * Moving it is only possible when the server was started with TEST_HOOKS=true, which
 * the configuration refuses together with an https SITE_URL (never in production).
 */
let offsetMs = 0;

export function now() {
  return new Date(Date.now() + offsetMs);
}

export function setClockOffset(ms: number) {
  offsetMs = ms;
}

export function clockOffset() {
  return offsetMs;
}
