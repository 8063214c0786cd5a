import { serviceBySlug } from "~/content/services";

/** What a work tile says beside its title (issue #32): client or sector, year, services, outcome. */
export type WorkTileFacts = { client: string; year: number | null; services: string[]; result: string };

/**
 * The tile's facts on /work and the service pages (the home page's tiles stay bare, as the
 * spec has them). Spans, so they may sit inside a link; the title stays its own caption.
 */
export function WorkTileMeta({ client, year, services, result }: WorkTileFacts) {
  const names = services.flatMap((slug) => serviceBySlug(slug)?.name ?? []);
  const line = [client, year === null ? "" : String(year)].filter(Boolean).join(" · ");
  return (
    <span className="work-tile-meta">
      {line ? <span className="work-tile-client">{line}</span> : null}
      {result ? <span className="work-tile-result">{result}</span> : null}
      {names.length > 0 ? <span className="work-tile-services">{names.join(" · ")}</span> : null}
    </span>
  );
}
