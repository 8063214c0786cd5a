/** The heading block that opens a content page: an eyebrow, the page's one H1, a lead. */
export function PageIntro({
  eyebrow,
  title,
  lead,
  titleClassName,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  titleClassName?: string;
}) {
  return (
    <section className="page-intro container">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1 className={titleClassName}>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
    </section>
  );
}
