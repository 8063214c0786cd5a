import { VideoLoop } from "./video-loop";
import { WorkTileMeta, type WorkTileFacts } from "./work-tile-meta";

export type WorkCardItem = {
  slug: string;
  title: string;
  videoMp4: string;
  videoWebm: string | null;
  poster: string;
} & Partial<WorkTileFacts>;

/**
 * A row of work videos, each a link with its caption: the home page's featured work
 * (to /work, as the spec says) and a service page's projects (to each case study).
 */
export function WorkCards({
  items,
  href,
  facts = false,
}: {
  items: WorkCardItem[];
  href: (item: WorkCardItem) => string;
  /** Show client, year, services and outcome under the title (the service pages). */
  facts?: boolean;
}) {
  return (
    <ul className="work-grid work-grid-3">
      {items.map((item) => (
        <li key={item.slug}>
          {/* A real link (Enter, a click, open in a new tab); the spec also wants Space,
              as on a button, which the enhancement module adds ([data-space-opens]). */}
          <a href={href(item)} className="work-card" data-testid="work-card" data-space-opens="">
            <VideoLoop
              files={{ mp4: item.videoMp4, webm: item.videoWebm, poster: item.poster }}
              className="work-video"
              width={640}
              height={400}
            />
            <span className="work-caption">{item.title}</span>
            {facts ? (
              <WorkTileMeta
                client={item.client ?? ""}
                year={item.year ?? null}
                services={item.services ?? []}
                result={item.result ?? ""}
              />
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
