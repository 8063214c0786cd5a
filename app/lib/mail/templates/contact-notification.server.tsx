import { renderEmail } from "../render.server";
import { ContactMessage, type ContactMessageProps } from "./contact-message.server";
import { EmailLayout, Paragraph, TextLink, Title } from "./layout.server";

export type ContactNotificationProps = ContactMessageProps & { siteUrl: string };

/** To the studio: a new enquiry from the contact form, with everything the visitor typed. */
export function ContactNotificationEmail({ siteUrl, ...message }: ContactNotificationProps) {
  return (
    <EmailLayout
      title="New contact request"
      preview={`New enquiry from ${message.company} (${message.email})`}
      siteUrl={siteUrl}
      signature={false}
    >
      <Title>{`New enquiry from ${message.company}`}</Title>
      <Paragraph>
        New contact request from the website (<TextLink href={siteUrl} />
        ).
      </Paragraph>
      <ContactMessage {...message} />
    </EmailLayout>
  );
}

export async function contactNotificationEmail(props: ContactNotificationProps) {
  return {
    subject: `New enquiry: ${props.company}`.slice(0, 200),
    ...(await renderEmail(<ContactNotificationEmail {...props} />)),
  };
}
