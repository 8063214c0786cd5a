/**
 * The application form's limits and messages, without zod (application-forms.ts builds
 * the server's schema from them). The form hands the few the enhancement module needs
 * (app/enhance/application.ts) to it as data attributes, so the script holds no copy.
 */
export const CV_MAX_BYTES = 10 * 1024 * 1024;
export const APPLICATION_LIMITS = { name: 120, email: 254, phone: 40, link: 500, letter: 5000 } as const;

export const APPLICATION_MESSAGES = {
  name: "Please fill in your name",
  email: "Please enter a valid email address",
  phone: "The phone number can have digits, spaces, + ( ) and - only",
  link: "The link must be a web address starting with https:// or http://",
  letter: "Please write a short letter",
  tooLong: (field: string, max: number) => `The ${field} is too long (at most ${max} characters)`,
  consent: "Please tick the box to agree that we keep your application for the time stated",
  cvMissing: "Please attach your CV as a PDF",
  cvTooLarge: "The CV is larger than 10 MB. Please send a smaller PDF",
  cvNotPdf: "The CV must be a PDF file. This file is not a PDF, whatever its name",
  cvActive:
    "This PDF contains scripts, actions that open other programs, or attached files, which we cannot accept. " +
    "Please export or print your CV to a plain PDF and attach that",
  cvUnreadable: "We could not read this PDF. Please export it again and attach the new file",
  notAccepted: "This listing does not take applications here",
  fixBelow: "Please correct the fields marked below. Nothing you wrote is lost; attach the CV again.",
} as const;
