import type { StudioDetails } from "~/lib/studio/studio-details";
import { renderEmail } from "../render.server";
import { EmailLayout, Paragraph, Title } from "./layout.server";

export type NewsletterWelcomeProps = { siteUrl: string; studio: StudioDetails; unsubscribeUrl: string };

/** After the confirmation: you are subscribed, and how to leave. */
export function NewsletterWelcomeEmail({ siteUrl, studio, unsubscribeUrl }: NewsletterWelcomeProps) {
  return (
    <EmailLayout
      title="You're subscribed"
      preview="Thanks for confirming. You will hear from us a few times a year, never more."
      siteUrl={siteUrl}
      studio={studio}
      unsubscribe={{ prompt: "No longer want these e-mails?", label: "Unsubscribe at any time", url: unsubscribeUrl }}
    >
      <Title>You&apos;re subscribed</Title>
      <Paragraph>Hi,</Paragraph>
      <Paragraph>Thanks for confirming. You will hear from us a few times a year, never more.</Paragraph>
    </EmailLayout>
  );
}

export async function newsletterWelcomeEmail(props: NewsletterWelcomeProps) {
  return {
    subject: `You're subscribed to ${props.studio.name}`,
    ...(await renderEmail(<NewsletterWelcomeEmail {...props} />)),
  };
}
