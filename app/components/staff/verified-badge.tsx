/**
 * Whether a visitor's submission came with a valid proof of work (decision 062): the
 * inbox, the subscriber list and the applications say it the same way. "Ikke verifisert"
 * is no verdict: people without JavaScript, and everything from before the check, land there.
 */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="badge badge-verified">Verifisert</span>
  ) : (
    <span className="badge badge-unverified">Ikke verifisert</span>
  );
}
