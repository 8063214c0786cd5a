import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { type Database, schema } from "../platform/db.server";
import { isStaffPath } from "../platform/staff-paths";
import { isPreviewLinkPath } from "../blog/preview-link-path";

/**
 * Page views counted on the server: the path, the time, and where the visit said it came
 * from (the link's campaign parameters, the referring site's host). Nothing per visitor:
 * no cookie, no IP address, no user agent is stored, so there is nothing to consent to.
 */
export type PageView = {
  path: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  referrer: string | null;
};

/** What a request tells about a visit: as sent, before anything is normalised. */
export type Visit = {
  method: string;
  path: string;
  /** The query string, "" or "?…". */
  search: string;
  userAgent: string;
  /** The Referer header ("" when none). */
  referer: string;
  /** This site's host names: a referrer among them is a move within the site, not a source. */
  ownHosts: ReadonlySet<string>;
};

export function isCountablePageView(request: Visit, response: Response): PageView | undefined {
  if (response.status !== 200 || !response.headers.get("content-type")?.startsWith("text/html")) return undefined;
  return countableVisit(request);
}

/**
 * The page view of a person fetching a public page (for a response already known to be
 * a page), or undefined when it is no visitor's: not a GET, no user agent, a bot, an
 * uptime checker or a load tool (isbot knows them), or a staff path.
 */
export function countableVisit(request: Visit): PageView | undefined {
  if (request.method !== "GET" || request.userAgent.trim() === "" || isBotAgent(request.userAgent)) return undefined;
  // A staff page is no visit; a draft's preview link is not counted: its path is a secret token.
  if (isStaffPath(request.path) || isPreviewLinkPath(request.path)) return undefined;
  const campaign = request.search.length > 1 ? campaignOf(request.search) : undefined;
  return {
    path: normalisedPath(request.path),
    source: campaign?.source ?? null,
    medium: campaign?.medium ?? null,
    campaign: campaign?.campaign ?? null,
    referrer: referringHost(request.referer, request.ownHosts),
  };
}

// isbot's answer per user agent, remembered: a handful of agents make most visits, and
// the pattern is long. Bounded: emptied when full, so odd agents cannot grow it.
const botAnswers = new Map<string, boolean>();
function isBotAgent(userAgent: string) {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    answer = isbot(userAgent);
    if (botAnswers.size >= 1_000) botAnswers.clear();
    if (userAgent.length <= 512) botAnswers.set(userAgent, answer);
  }
  return answer;
}

/** `/blog`, `/blog/` and `/Blog` are one page: lower case, no trailing slash (but `/`), at most 512 characters. */
export function normalisedPath(path: string) {
  let normal = withoutControls(path.toLowerCase());
  while (normal.length > 1 && normal.endsWith("/")) normal = normal.slice(0, -1);
  return normal.slice(0, 512);
}

// A decoded path or parameter may hold control characters (`%00`): PostgreSQL refuses NUL in
// text, which would lose the whole batch, and none of them means anything in a report.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROLS = /[\u0000-\u001f\u007f]/g;
const withoutControls = (text: string) => text.replace(CONTROLS, "");

const CAMPAIGN_VALUE_MAX = 100;
const campaignValue = (value: string | null, lower: boolean) => {
  const trimmed = value === null ? undefined : withoutControls(value).trim().slice(0, CAMPAIGN_VALUE_MAX);
  return trimmed ? (lower ? trimmed.toLowerCase() : trimmed) : undefined;
};

/** utm_source, utm_medium and utm_campaign (source and medium in lower case: "Newsletter" is "newsletter"). */
function campaignOf(search: string) {
  const params = new URLSearchParams(search);
  const source = campaignValue(params.get("utm_source"), true);
  const medium = campaignValue(params.get("utm_medium"), true);
  const campaign = campaignValue(params.get("utm_campaign"), false);
  return source || medium || campaign ? { source, medium, campaign } : undefined;
}

/** The referring site's host name (no "www.", no port, no path), unless it is this site. */
export function referringHost(referer: string, ownHosts: ReadonlySet<string>) {
  if (!referer) return null;
  let host: string;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  if (ownHosts.has(host)) return null;
  return (host.startsWith("www.") ? host.slice(4) : host).slice(0, 255) || null;
}

/** The host name (no port) of a Host header, for `ownHosts`. */
export function hostNameOf(hostHeader: string | undefined) {
  if (!hostHeader) return "";
  const host = hostHeader.toLowerCase();
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  const colon = host.indexOf(":");
  return colon === -1 ? host : host.slice(0, colon);
}

/** This site's host names: those of SITE_URL (or localhost) and the one the request was sent to. */
export function ownHostsFor(siteHosts: ReadonlySet<string>, hostHeader: string | undefined): ReadonlySet<string> {
  const host = hostNameOf(hostHeader);
  if (!host || siteHosts.has(host)) return siteHosts;
  return new Set([...siteHosts, host]);
}

/**
 * Page views are counted in memory and written in batches (every second, or once 500 kinds
 * of view are waiting), so no page waits for an insert. Alike views (same path, campaign and
 * referrer) within a batch are one row with their count (decision 085): a thousand visits a
 * second to the home page are one row, not a thousand. A crash loses at most the last
 * second's views; a clean stop writes them (docs/decisions/017-buffered-page-views.md).
 */
export function createPageViewBuffer(getDb: () => Database, onError: (error: unknown) => void) {
  let pending = new Map<string, CountedViews>();
  let writing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => void flush(), 1_000);
  timer.unref();

  function flush() {
    const batch = [...pending.values()];
    pending = new Map();
    // One write at a time, in order, so a flush that returns has written everything before it.
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await insertViews(getDb(), batch);
      } catch (error) {
        onError(error); // a lost count must never cost a visitor their page
      }
    });
    return writing;
  }

  return {
    /** A view (or, as before, a bare path: a view with no source). */
    record(view: PageView | string) {
      const row = typeof view === "string" ? { path: normalisedPath(view), source: null, medium: null, campaign: null, referrer: null } : view;
      // No field holds NUL (withoutControls), so no two kinds share a key.
      const key = `${row.path}\0${row.source ?? ""}\0${row.medium ?? ""}\0${row.campaign ?? ""}\0${row.referrer ?? ""}`;
      const counted = pending.get(key);
      if (counted) {
        counted.views++;
        return;
      }
      pending.set(key, { ...row, views: 1, createdAt: new Date() });
      if (pending.size >= 500) void flush();
    },
    /** Writes what is buffered; the dashboard calls it so its count includes this process's views. */
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type PageViewBuffer = ReturnType<typeof createPageViewBuffer>;
/** Alike views of one batch: the time is the first one's (at most a second before the others). */
type CountedViews = PageView & { views: number; createdAt: Date };

/**
 * One insert for the batch, one array parameter a column (unnest): the query builder's
 * cost per value is paid once per batch, not per row.
 */
async function insertViews(db: Database, batch: CountedViews[]) {
  const column = <T>(pick: (row: CountedViews) => T) => sql.param(batch.map(pick));
  await db.execute(sql`
    insert into ${schema.pageViews} (path, source, medium, campaign, referrer, views, created_at)
    select * from unnest(
      ${column((v) => v.path)}::text[], ${column((v) => v.source)}::text[], ${column((v) => v.medium)}::text[],
      ${column((v) => v.campaign)}::text[], ${column((v) => v.referrer)}::text[], ${column((v) => v.views)}::int[],
      ${column((v) => v.createdAt)}::timestamptz[]
    )`);
}

// Kept on globalThis like the database handle, so dev-server reloads reuse it.
const holder = globalThis as typeof globalThis & { __pageViews?: PageViewBuffer };
export const setPageViewBuffer = (buffer: PageViewBuffer | undefined) => void (holder.__pageViews = buffer);
export const getPageViewBuffer = () => holder.__pageViews;
