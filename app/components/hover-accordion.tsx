import { useId } from "react";

type AccordionItem = { title: string; description: string; meta?: string; action?: React.ReactNode };

/**
 * A list where one item's description shows at a time: hovering, focusing (Tab) or
 * tapping an item opens it. Each item is a <details> of one named group: tapping and
 * Enter open it, and screen readers hear expanded/collapsed, without script. CSS shows
 * the hovered or focused item's text (the [data-one-open] rules in marketing.css); the
 * enhancement module also opens that item, so its state matches what is seen.
 */
export function HoverAccordion({
  items,
  headingLevel = 3,
  numbered = false,
  className = "",
}: {
  items: AccordionItem[];
  headingLevel?: 2 | 3;
  numbered?: boolean;
  className?: string;
}) {
  const group = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <ol className={`accordion ${numbered ? "accordion-numbered" : ""} ${className}`} data-one-open="">
      {items.map((item, index) => (
        <li key={item.title} className="accordion-item">
          <details name={group} open={index === 0}>
            <summary className="accordion-trigger">
              {numbered ? <span className="accordion-number">{String(index + 1).padStart(2, "0")}</span> : null}
              <Heading className="accordion-heading accordion-title">{item.title}</Heading>
              <span className="accordion-icon" aria-hidden="true" />
            </summary>
            <div className="accordion-panel" data-testid="accordion-panel">
              {item.meta ? <p className="accordion-meta">{item.meta}</p> : null}
              <p>{item.description}</p>
              {item.action}
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
