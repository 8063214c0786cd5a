import { Section } from "@react-email/components";
import type { GdprAnalysis, GdprLevel } from "~/content/gdpr";
import type { StudioDetails } from "~/lib/studio/studio-details";
import { colors, scoreColors } from "~/lib/platform/design-tokens";
import { renderEmail } from "../render.server";
import { EmailLayout, fonts, Paragraph, SmallPrint, styles, Subtitle, TextLink, Title } from "./layout.server";

export const levelText: Record<GdprLevel, string> = {
  strong: "Strong: you have the essentials in place.",
  developing: "Developing: a good base, with gaps worth closing soon.",
  "at-risk": "At risk: several basics are missing. Start with the recommendations below.",
};

export type GdprReportProps = { analysis: GdprAnalysis; siteUrl: string; studio: StudioDetails };

/** A progress bar as table cells (what every mail client draws), HTML part only. */
function ScoreBar({ percent }: { percent: number }) {
  const fill = percent >= 80 ? scoreColors.good : percent >= 50 ? scoreColors.fair : scoreColors.poor;
  const cell = { height: "8px", lineHeight: "8px", fontSize: "0", padding: "0" };
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      data-skip-in-text="true"
      style={{ borderCollapse: "separate", margin: "6px 0 0", borderRadius: "4px", overflow: "hidden" }}
    >
      <tbody>
        <tr>
          {percent > 0 ? <td style={{ ...cell, width: `${percent}%`, backgroundColor: fill }}>&nbsp;</td> : null}
          {percent < 100 ? <td style={{ ...cell, backgroundColor: colors.creamDeep }}>&nbsp;</td> : null}
        </tr>
      </tbody>
    </table>
  );
}

/** The GDPR checklist's analysis, mailed to whoever filled it in. */
export function GdprReportEmail({ analysis, siteUrl, studio }: GdprReportProps) {
  const gaps = analysis.categories.flatMap((category) =>
    category.gaps.map((gap) => ({ ...gap, category: category.title })),
  );
  const contactUrl = `${siteUrl}/contact`;
  return (
    <EmailLayout
      title="Your GDPR self-assessment"
      preview={`Overall score: ${analysis.scorePercent}%. ${levelText[analysis.level]}`}
      siteUrl={siteUrl}
      studio={studio}
    >
      <Title>{`Your GDPR self-assessment from ${studio.name}`}</Title>
      <Paragraph style={{ margin: "0 0 4px" }}>
        Overall score:{" "}
        <span style={{ fontFamily: fonts.display, fontSize: "36px", lineHeight: "1.2", color: colors.teal }}>
          {`${analysis.scorePercent}%`}
        </span>
        {` (${analysis.yes} of ${analysis.total} in place)`}
      </Paragraph>
      <Paragraph>{levelText[analysis.level]}</Paragraph>

      <Subtitle>By area</Subtitle>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        data-text-format="dataTable"
        style={{ margin: "0 0 8px" }}
      >
        <tbody>
          {analysis.categories.map((category) => (
            <tr key={category.id}>
              <td style={{ padding: "6px 12px 8px 0", fontSize: "14px", lineHeight: "1.4", color: colors.ink }}>
                {category.title}
                <ScoreBar percent={category.scorePercent} />
              </td>
              <td
                style={{
                  padding: "6px 0 8px",
                  fontSize: "14px",
                  lineHeight: "1.4",
                  color: colors.inkSoft,
                  textAlign: "right",
                  whiteSpace: "nowrap",
                  verticalAlign: "top",
                  width: "90px",
                }}
              >
                {`${category.yes}/${category.total} (${category.scorePercent}%)`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {gaps.length ? (
        <>
          <Subtitle>What to do next</Subtitle>
          <ol style={{ padding: "0 0 0 22px", margin: "0 0 16px" }}>
            {gaps.map((gap) => (
              <li key={gap.questionId} style={{ ...styles.paragraph, fontSize: "15px", margin: "0 0 14px" }}>
                <strong>{`${gap.category}:`}</strong> {gap.question}
                <br />
                <span style={{ color: colors.teal }}>{`→ ${gap.recommendation}`}</span>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <Paragraph>Every item is in place. Keep reviewing it once a year.</Paragraph>
      )}

      <Section style={{ backgroundColor: colors.cream, borderRadius: "8px", margin: "8px 0 20px" }}>
        <Paragraph style={{ fontSize: "15px", margin: "0", padding: "14px 16px" }}>
          Two deadlines to remember: a personal data breach must be reported to Datatilsynet within{" "}
          <strong>72 hours</strong> (GDPR Art. 33), and requests from data subjects must be answered within{" "}
          <strong>one month</strong> (Art. 12(3)).
        </Paragraph>
      </Section>

      <SmallPrint>
        This self-assessment is guidance, not legal advice. Want help closing the gaps? Reply to this e-mail or visit{" "}
        <TextLink href={contactUrl} />.
      </SmallPrint>
    </EmailLayout>
  );
}

export async function gdprReportEmail(props: GdprReportProps) {
  return {
    subject: `Your GDPR self-assessment: ${props.analysis.scorePercent}%`,
    ...(await renderEmail(<GdprReportEmail {...props} />)),
  };
}
