import type { LegalPage } from "~/content/legal";
import { siteConfig } from "~/content/site";
import { legalDate } from "~/lib/platform/dates";

/**
 * Terms and privacy: a readable long-form document with a table of contents. "Last
 * updated" is the date the live version was published; the seed's is the spec's date.
 */
export function LegalDocument({ page, publishedAt }: { page: LegalPage; publishedAt: string | null }) {
  const anchor = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  return (
    <article className="container legal">
      <header className="legal-header">
        <p className="eyebrow">Legal</p>
        <h1>{page.title}</h1>
        <p className="legal-updated">Last updated {publishedAt ? legalDate(publishedAt) : siteConfig.legalLastUpdated}</p>
        <p className="lead">{page.intro}</p>
      </header>
      <nav className="legal-toc" aria-label="Contents">
        {/* role="list": Safari drops the list role of a list without markers. */}
        <ol role="list">
          {page.sections.map((section, index) => (
            <li key={index}>
              <span className="legal-toc-number">{index + 1}.</span>
              <a href={`#${anchor(section.heading)}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="legal-body">
        {page.sections.map((section, index) => (
          <section key={index} id={anchor(section.heading)}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
            {section.list ? (
              <ul>
                {section.list.map((item, index) => (
                  <li key={index}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}
