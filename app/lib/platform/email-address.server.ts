import { z } from "zod";
import { MESSAGES, normaliseEmail } from "./validation";

/**
 * The e-mail field of every form that takes an address: a plain address by the rule
 * in validation.ts (which the browser uses too), trimmed, domain lower-cased. What is
 * stored is exactly what the mailer is given. Any failure reads the spec's text.
 */
export const emailAddressSchema = z.string(MESSAGES.invalidEmail).transform((value, context) => {
  const email = normaliseEmail(value);
  if (email === undefined) {
    context.addIssue({ code: "custom", message: MESSAGES.invalidEmail });
    return z.NEVER;
  }
  return email;
});
