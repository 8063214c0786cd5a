import { colors } from "~/lib/platform/design-tokens";
import { renderEmail } from "../render.server";
import { EmailLayout, Paragraph, styles, TextLink, Title } from "./layout.server";

export type ContactNotificationProps = { company: string; email: string; project: string; siteUrl: string };

/** To the studio: a new enquiry from the contact form, with everything the visitor typed. */
export function ContactNotificationEmail({ company, email, project, siteUrl }: ContactNotificationProps) {
  return (
    <EmailLayout
      title="New contact request"
      preview={`New enquiry from ${company} (${email})`}
      siteUrl={siteUrl}
      signature={false}
    >
      <Title>{`New enquiry from ${company}`}</Title>
      <Paragraph>
        New contact request from the website (<TextLink href={siteUrl} />
        ).
      </Paragraph>
      <Paragraph style={{ margin: "0 0 4px" }}>
        <strong>Company:</strong> {company}
      </Paragraph>
      <Paragraph>
        <strong>E-mail:</strong> <TextLink href={`mailto:${email}`}>{email}</TextLink>
      </Paragraph>
      <Paragraph style={{ margin: "0 0 8px" }}>
        <strong>Project:</strong>
      </Paragraph>
      {/* The visitor's text exactly as typed (line breaks and spacing kept), in both parts. */}
      <pre
        style={{
          ...styles.paragraph,
          fontFamily: "inherit",
          whiteSpace: "pre-wrap",
          wordBreak: "break-word",
          backgroundColor: colors.cream,
          borderLeft: `4px solid ${colors.teal}`,
          borderRadius: "8px",
          padding: "14px 16px",
          margin: "0 0 16px",
        }}
      >
        {project}
      </pre>
    </EmailLayout>
  );
}

export async function contactNotificationEmail(props: ContactNotificationProps) {
  return {
    subject: `New enquiry: ${props.company}`.slice(0, 200),
    ...(await renderEmail(<ContactNotificationEmail {...props} />)),
  };
}
