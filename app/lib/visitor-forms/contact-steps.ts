import { isValidEmail, MESSAGES } from "../platform/validation";

/**
 * The contact wizard's three steps and their check (the spec's section 5), shared by the
 * page's script and by the server, which runs the same wizard without JavaScript
 * (contact-form.server.ts). Browser-safe.
 */
export type ContactField = "company" | "project" | "email";

export const CONTACT_STEPS: { field: ContactField; question: string; placeholder: string }[] = [
  { field: "company", question: "What is your company name?", placeholder: "Company name" },
  { field: "project", question: "Tell us about your project.", placeholder: "Describe your project" },
  { field: "email", question: "What is the best way to get in touch with you?", placeholder: "name@company.com" },
];

/** The message for one step's value, or null when it may go on: non-empty after trimming; e-mail must look valid. */
export function contactStepProblem(field: ContactField, value: string) {
  if (!value.trim()) return MESSAGES.fillIn(field);
  if (field === "email" && !isValidEmail(value.trim())) return MESSAGES.invalidEmail;
  return null;
}
