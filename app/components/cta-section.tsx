
/** The closing call to action at the foot of most pages. */
export function CtaSection({
  heading,
  text,
  children,
}: {
  heading: string;
  text?: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="cta-section" aria-labelledby="cta-heading">
      <div className="container cta-inner">
        <h2 id="cta-heading">{heading}</h2>
        {text ? <p className="cta-text">{text}</p> : null}
        {children ?? (
          <a href="/contact" className="button button-cream">
            Get in touch
          </a>
        )}
      </div>
    </section>
  );
}
