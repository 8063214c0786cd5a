import type { StudioDetails } from "~/lib/studio/studio-details";
import { renderEmail } from "../render.server";
import { ContactMessage, type ContactMessageProps } from "./contact-message.server";
import { CallToAction, EmailLayout, Paragraph, SmallPrint, Subtitle, Title } from "./layout.server";

export type ContactReceiptProps = ContactMessageProps & { siteUrl: string; studio: StudioDetails };

/**
 * To the visitor: we have your message, and the copy of it the thank-you page promises.
 * Anyone can type any address, so what they typed is kept where it cannot pass for our
 * words: never in the subject or the preview line, and only after our own text, under
 * its own heading, escaped. What keeps the copy from being a way to mail strangers is
 * in the sending (contact.server.ts): only to the address typed, at most once an hour
 * per address, five requests per IP in ten minutes.
 */
export function ContactReceiptEmail({ siteUrl, studio, ...message }: ContactReceiptProps) {
  return (
    <EmailLayout
      title="We got your message"
      preview="We have your message and will get back to you within one working day."
      siteUrl={siteUrl}
      studio={studio}
    >
      <Title>We got your message</Title>
      <Paragraph>Hi,</Paragraph>
      <Paragraph>
        {`Thank you for reaching out to ${studio.name}. ` +
          "We have your message and will get back to you within one working day."}
      </Paragraph>
      <Subtitle>Your message</Subtitle>
      <ContactMessage {...message} />
      <CallToAction href={`${siteUrl}/work`}>See our work while you wait</CallToAction>
      <SmallPrint>If you did not send this, you can ignore this e-mail; we will not contact you again.</SmallPrint>
    </EmailLayout>
  );
}

export async function contactReceiptEmail(props: ContactReceiptProps) {
  return {
    subject: `We got your message – ${props.studio.name}`,
    ...(await renderEmail(<ContactReceiptEmail {...props} />)),
  };
}
