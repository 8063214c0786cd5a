import { shortDayLabel } from "~/lib/platform/dates";
import type { CampaignViews, DailyViews, SourceViews } from "~/lib/site/traffic.server";

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 18; // room under the bars for the day labels
const number = (n: number) => n.toLocaleString("nb-NO");


/** One sentence that says what the chart shows, for everyone (and the only text a screen reader needs). */
export function trafficSummary(days: DailyViews[]) {
  const total = days.reduce((sum, d) => sum + d.views, 0);
  if (total === 0) return `Ingen sidevisninger de siste ${days.length} dagene.`;
  const busiest = days.reduce((best, d) => (d.views > best.views ? d : best));
  return `${number(total)} sidevisninger de siste ${days.length} dagene; flest ${shortDayLabel(busiest.day)} (${number(busiest.views)}).`;
}

/**
 * Page views per day as a server-rendered SVG bar chart: no chart library and no
 * JavaScript. The picture is decoration for sighted staff; the summary sentence and the
 * table of numbers carry the same facts for screen readers.
 */
export function TrafficChart({ days }: { days: DailyViews[] }) {
  const max = Math.max(1, ...days.map((d) => d.views));
  const slot = WIDTH / days.length;
  const barWidth = Math.max(2, slot * 0.7);
  const plotHeight = HEIGHT - AXIS;
  const labelled = new Set([0, Math.floor(days.length / 2), days.length - 1]);
  return (
    <figure className="traffic-chart" aria-labelledby="traffic-title">
      <figcaption>
        <h2 id="traffic-title" className="section-label">
          Sidevisninger siste {days.length} dager
        </h2>
        <p className="traffic-summary" data-testid="traffic-summary">
          {trafficSummary(days)}
        </p>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-hidden="true" focusable="false" preserveAspectRatio="none">
        <line x1="0" x2={WIDTH} y1={plotHeight} y2={plotHeight} className="traffic-axis" />
        {days.map((d, index) => {
          const height = (d.views / max) * (plotHeight - 4);
          return (
            <rect
              key={d.day}
              x={index * slot + (slot - barWidth) / 2}
              y={plotHeight - height}
              width={barWidth}
              height={height}
              rx="1.5"
              className="traffic-bar"
            >
              <title>{`${shortDayLabel(d.day)}: ${number(d.views)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="traffic-days" aria-hidden="true">
        {days.map((d, index) => (
          <span key={d.day}>{labelled.has(index) ? shortDayLabel(d.day) : ""}</span>
        ))}
      </div>
      <table className="visually-hidden" data-testid="traffic-table">
        <caption>Sidevisninger per dag</caption>
        <thead>
          <tr>
            <th scope="col">Dag</th>
            <th scope="col">Sidevisninger</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day} data-day={d.day}>
              <th scope="row">{shortDayLabel(d.day)}</th>
              <td>{d.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The ten most viewed pages, with a bar under each so the list reads at a glance. */
export function TopPages({ pages, days }: { pages: { path: string; views: number }[]; days: number }) {
  const max = Math.max(1, ...pages.map((p) => p.views));
  return (
    <section className="top-pages" aria-labelledby="top-pages-title">
      <h2 id="top-pages-title" className="section-label">
        Mest leste sider siste {days} dager
      </h2>
      {pages.length === 0 ? (
        <p>Ingen sidevisninger ennå.</p>
      ) : (
        <ol data-testid="top-pages">
          {pages.map((page) => (
            <li key={page.path}>
              <a href={page.path}>{page.path}</a>
              <span className="top-pages-views">{number(page.views)}</span>
              {/* An SVG bar, not a style attribute: the CSP allows no inline styles. */}
              <svg className="top-pages-bar" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                <rect width={(page.views / max) * 100} height="4" rx="2" />
              </svg>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A ranked list with a bar under each entry, as TopPages, for labels that are not links. */
function RankedList({ items, testId }: { items: { key: string; label: string; detail?: string; views: number }[]; testId: string }) {
  const max = Math.max(1, ...items.map((item) => item.views));
  return (
    <ol data-testid={testId}>
      {items.map((item) => (
        <li key={item.key}>
          <span className="top-pages-label">
            {item.label}
            {item.detail ? <span className="top-pages-detail"> {item.detail}</span> : null}
          </span>
          <span className="top-pages-views">{number(item.views)}</span>
          <svg className="top-pages-bar" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <rect width={(item.views / max) * 100} height="4" rx="2" />
          </svg>
        </li>
      ))}
    </ol>
  );
}

/**
 * Where visits came from: the link's campaign source or the referring site, and the
 * campaigns (links with utm_* parameters). Counts only, nothing per visitor.
 */
export function TrafficSources({ sources, campaigns, days }: { sources: SourceViews[]; campaigns: CampaignViews[]; days: number }) {
  return (
    <section className="top-pages traffic-sources" aria-labelledby="traffic-sources-title">
      <h2 id="traffic-sources-title" className="section-label">
        Kilder siste {days} dager
      </h2>
      {sources.length === 0 ? (
        <p>Ingen sidevisninger ennå.</p>
      ) : (
        <RankedList
          testId="top-sources"
          items={sources.map((row) => ({
            key: row.source ?? "",
            label: row.source ?? "Direkte eller ukjent",
            views: row.views,
          }))}
        />
      )}
      <h3 id="traffic-campaigns-title" className="section-label">
        Kampanjer siste {days} dager
      </h3>
      {campaigns.length === 0 ? (
        <p>Ingen besøk fra kampanjelenker (utm_source, utm_medium, utm_campaign) ennå.</p>
      ) : (
        <RankedList
          testId="top-campaigns"
          items={campaigns.map((row) => ({
            key: `${row.campaign}|${row.source}|${row.medium}`,
            label: row.campaign ?? "Uten kampanjenavn",
            detail: [row.source, row.medium].filter(Boolean).join(" / ") || undefined,
            views: row.views,
          }))}
        />
      )}
    </section>
  );
}
