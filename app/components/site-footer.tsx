import { Link } from "react-router";
import { siteConfig } from "~/content/site";
import { NewsletterForm } from "./newsletter-form";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="footer-tagline">{siteConfig.tagline}</p>
          <p>Private software, custom interfaces and local AI systems, built in {siteConfig.address.city}.</p>
          <a className="footer-email" href={`mailto:${siteConfig.email}`}>
            {siteConfig.email}
          </a>
        </div>
        <NewsletterForm />
      </div>
      <div className="container">
        <div className="footer-bottom">
          <p>
            © {siteConfig.copyrightYear} {siteConfig.legalName} · Org. no. {siteConfig.organisationNumber}
          </p>
          <ul className="footer-links">
            <li>
              <Link reloadDocument to="/terms">Terms</Link>
            </li>
            <li>
              <Link reloadDocument to="/privacy">Privacy</Link>
            </li>
            <li>
              <a href={siteConfig.social.href} rel="me noopener" target="_blank">
                {siteConfig.social.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
