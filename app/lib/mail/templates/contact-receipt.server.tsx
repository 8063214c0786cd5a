import { siteConfig } from "~/content/site";
import { renderEmail } from "../render.server";
import { CallToAction, EmailLayout, Paragraph, SmallPrint, Title } from "./layout.server";

/**
 * Only the site address, on purpose: the receipt repeats nothing the visitor typed.
 * Anyone can enter any address, so a receipt that echoed their text would let
 * strangers send spam from our domain.
 */
export type ContactReceiptProps = { siteUrl: string };

/** To the visitor: we have your message. */
export function ContactReceiptEmail({ siteUrl }: ContactReceiptProps) {
  return (
    <EmailLayout
      title="We got your message"
      preview="We have your message and will get back to you within one working day."
      siteUrl={siteUrl}
    >
      <Title>We got your message</Title>
      <Paragraph>Hi,</Paragraph>
      <Paragraph>
        {`Thank you for reaching out to ${siteConfig.name}. ` +
          "We have your message and will get back to you within one working day."}
      </Paragraph>
      <CallToAction href={`${siteUrl}/work`}>See our work while you wait</CallToAction>
      <SmallPrint>If you did not send this, you can ignore this e-mail; we will not contact you again.</SmallPrint>
    </EmailLayout>
  );
}

export async function contactReceiptEmail({ siteUrl }: ContactReceiptProps) {
  return {
    subject: `We got your message – ${siteConfig.name}`,
    ...(await renderEmail(<ContactReceiptEmail siteUrl={siteUrl} />)),
  };
}
