import { colors } from "~/lib/platform/design-tokens";
import { Paragraph, styles, TextLink } from "./layout.server";

export type ContactMessageProps = { company: string; email: string; project: string };

/**
 * A contact request as the visitor sent it: every field of the wizard, in the studio's
 * notification and in the sender's copy alike. The values are plain strings that React
 * escapes; the text sits in a `<pre>`, so it comes out exactly as typed (line breaks
 * and spacing kept) in both parts of the e-mail.
 */
export function ContactMessage({ company, email, project }: ContactMessageProps) {
  return (
    <>
      <Paragraph style={{ margin: "0 0 4px" }}>
        <strong>Company:</strong> {company}
      </Paragraph>
      <Paragraph>
        <strong>E-mail:</strong> <TextLink href={`mailto:${email}`}>{email}</TextLink>
      </Paragraph>
      <Paragraph style={{ margin: "0 0 8px" }}>
        <strong>Project:</strong>
      </Paragraph>
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
    </>
  );
}
