import { siteConfig } from "~/content/site";
import type { StudioDetails } from "~/lib/studio/studio-details";
import { NewsletterForm } from "./newsletter-form";

/** The site's footer: the studio's details as staff keep them (/admin/settings/studio), from the root loader. */
export function SiteFooter({ studio }: { studio: StudioDetails }) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="footer-tagline">{siteConfig.tagline}</p>
          <p>Private software, custom interfaces and local AI systems, built in {studio.city}.</p>
          <a className="footer-email" href={`mailto:${studio.email}`}>
            {studio.email}
          </a>
          <address className="footer-address">
            {/* As streetAddressLine writes it; spelled out so the wizards' bundles stay small. */}
            {`${studio.street}, ${studio.postalCode} ${studio.city}`}
            {studio.phone ? (
              <>
                {" · "}
                <a href={`tel:${studio.phone.replaceAll(" ", "")}`}>{studio.phone}</a>
              </>
            ) : null}
          </address>
        </div>
        <NewsletterForm />
      </div>
      <div className="container">
        <div className="footer-bottom">
          <p>
            © {siteConfig.copyrightYear} {studio.legalName} · Org. no. {studio.organisationNumber}
          </p>
          <ul className="footer-links">
            <li>
              <a href="/terms">Terms</a>
            </li>
            <li>
              <a href="/privacy">Privacy</a>
            </li>
            {studio.socialLinks.map((link, index) => (
              <li key={index}>
                <a href={link.url} rel="me noopener" target="_blank">
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
