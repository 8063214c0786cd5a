import type { StudioDetails } from "~/lib/studio/studio-details";
import { renderEmail } from "../render.server";
import { ContactMessage, type ContactMessageProps } from "./contact-message.server";
import { CallToAction, EmailLayout, Paragraph, TextLink, Title } from "./layout.server";

export type ContactNotificationProps = ContactMessageProps & {
  /** The lead's page in the staff inbox, absolute (leadInboxUrl). */
  inboxUrl: string;
  siteUrl: string;
  studio: StudioDetails;
};

/**
 * To the studio: a new enquiry from the contact form, with everything the visitor typed
 * and a link straight to the lead in the inbox (the label in bokmål, as the back office).
 */
export function ContactNotificationEmail({ inboxUrl, siteUrl, studio, ...message }: ContactNotificationProps) {
  return (
    <EmailLayout
      title="New contact request"
      preview={`New enquiry from ${message.company} (${message.email})`}
      siteUrl={siteUrl}
      studio={studio}
      signature={false}
    >
      <Title>{`New enquiry from ${message.company}`}</Title>
      <Paragraph>
        New contact request from the website (<TextLink href={siteUrl} />
        ).
      </Paragraph>
      <ContactMessage {...message} />
      <CallToAction href={inboxUrl}>Åpne henvendelsen i innboksen</CallToAction>
    </EmailLayout>
  );
}

export async function contactNotificationEmail(props: ContactNotificationProps) {
  return {
    subject: `New enquiry: ${props.company}`.slice(0, 200),
    ...(await renderEmail(<ContactNotificationEmail {...props} />)),
  };
}
