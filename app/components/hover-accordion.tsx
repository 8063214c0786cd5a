import { useId } from "react";
import { useActiveIndex } from "./use-active-index";

type AccordionItem = { title: string; description: string; meta?: string; action?: React.ReactNode };

/**
 * A list where one item's description shows at a time: hovering, focusing (Tab) or
 * tapping an item opens it. Each header is a button with aria-expanded, so screen
 * readers hear which one is open.
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
  const { active, bind } = useActiveIndex(0);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <ol className={`accordion ${className}`}>
      {items.map((item, index) => {
        const open = index === active;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <li key={item.title} className="accordion-item" data-active={open}>
            <Heading className="accordion-heading">
              <button
                type="button"
                className="accordion-trigger"
                aria-expanded={open}
                aria-controls={panelId}
                {...bind(index)}
              >
                {numbered ? <span className="accordion-number">{String(index + 1).padStart(2, "0")}</span> : null}
                <span className="accordion-title">{item.title}</span>
                <span className="accordion-icon" aria-hidden="true" />
              </button>
            </Heading>
            <div id={panelId} className="accordion-panel" data-testid="accordion-panel" hidden={!open}>
              {item.meta ? <p className="accordion-meta">{item.meta}</p> : null}
              <p>{item.description}</p>
              {item.action}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
