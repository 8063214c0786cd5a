import { Link } from "react-router";

/** A figure against the period before it: "↑ Opp · 5 nye siste 30 dager", "forrige 30 dager: 3". */
export type StatTrend = { now: number; before: number; nowLabel?: string; beforeLabel: string };

export type StatCard = {
  label: string;
  value: number;
  testId: string;
  trend?: StatTrend;
  /** A link under the figure to the list it counts. */
  list?: { to: string; label: string };
};

const figure = (n: number) => n.toLocaleString("nb-NO");

/**
 * The dashboard's figure cards. The change is said in words beside its arrow ("Opp",
 * "Ned", "Uendret"), so it does not rest on the arrow's shape or a colour.
 */
export function StatCards({ cards }: { cards: StatCard[] }) {
  return (
    <ul className="stat-cards">
      {cards.map((card) => (
        <li key={card.label} className="stat-card" data-testid={card.testId}>
          <span className="stat-label">{card.label}</span>
          <span className="stat-value">{figure(card.value)}</span>
          {card.trend ? <TrendLine trend={card.trend} /> : null}
          {card.list ? (
            <Link className="stat-link" to={card.list.to}>
              {card.list.label}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function TrendLine({ trend }: { trend: StatTrend }) {
  const direction = trend.now > trend.before ? "up" : trend.now < trend.before ? "down" : "same";
  const [arrow, word] = { up: ["↑", "Opp"], down: ["↓", "Ned"], same: ["→", "Uendret"] }[direction];
  return (
    <span className={`stat-trend stat-trend-${direction}`} data-testid="stat-trend">
      <span className="stat-trend-change">
        <span aria-hidden="true">{arrow}</span> {word}
        {trend.nowLabel ? ` · ${figure(trend.now)} ${trend.nowLabel}` : null}
      </span>
      <span className="stat-trend-before">
        {trend.beforeLabel}: {figure(trend.before)}
      </span>
    </span>
  );
}
