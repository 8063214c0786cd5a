/**
 * Rules shared by the browser and the server (the server never trusts the browser,
 * but both must say the same thing). The texts are the product contract's exact English
 * strings for the contact wizard, the newsletter sign-up and the GDPR checklist: change
 * them only together with the tests that quote them.
 */

/**
 * The contact wizard's longest answers, read by the wizard's fields (maxLength) and by
 * the server's schema (contact.server.ts), so the two can never disagree.
 */
export const CONTACT_LIMITS = { company: 200, project: 5000, email: 254 } as const;

export const MESSAGES = {
  fillIn: (field: string) => `Please fill in the ${field} field`,
  invalidEmail: "Please enter a valid email address",
} as const;

/**
 * A plain address only: local@domain, as a mailer reads it the same way we do. None
 * of the characters that make an address mean something else to a mail library
 * (`<a@evil.example>x.y` is a display name and another mailbox; `(...)` a comment;
 * `,` `;` a second recipient; `"` `\` quoting; `[]` a domain literal; `:` a group),
 * no whitespace or control characters, exactly one @, and a domain of two or more
 * dot-separated labels, the last with a letter in it (so neither `postmaster` nor
 * `a@localhost` nor `a@10.0.0.1` reaches the mailer).
 */
const FORBIDDEN = /[\s\p{Cc}<>()[\]\\,;:"@]/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

/** The address as we store and send it (trimmed, domain lower-cased), or undefined if it is not plain. */
export function normaliseEmail(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length > 254) return undefined;
  const at = trimmed.lastIndexOf("@");
  if (at < 1) return undefined;
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1).toLowerCase();
  if (local.length > 64 || FORBIDDEN.test(local) || FORBIDDEN.test(domain)) return undefined;
  if (local.startsWith(".") || local.endsWith(".") || local.includes("..")) return undefined;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => label.length <= 63 && DOMAIN_LABEL.test(label))) return undefined;
  if (!/\p{L}/u.test(labels.at(-1)!)) return undefined;
  return `${local}@${domain}`;
}

export function isValidEmail(value: string) {
  return normaliseEmail(value) !== undefined;
}
