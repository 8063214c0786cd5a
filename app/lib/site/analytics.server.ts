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
  let normal = path.toLowerCase();
  while (normal.length > 1 && normal.endsWith("/")) normal = normal.slice(0, -1);
  return normal.slice(0, 512);
}

const CAMPAIGN_VALUE_MAX = 100;
const campaignValue = (value: string | null, lower: boolean) => {
  const trimmed = value?.trim().slice(0, CAMPAIGN_VALUE_MAX);
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
 * Page views are buffered in memory and written in batches (every second, or at 500),
 * so no page waits for an insert. A crash loses at most the last second's views;
 * a clean stop writes them (docs/decisions/017-buffered-page-views.md).
 */
export function createPageViewBuffer(getDb: () => Database, onError: (error: unknown) => void) {
  let pending: (PageView & { createdAt: Date })[] = [];
  let writing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => void flush(), 1_000);
  timer.unref();

  function flush() {
    const batch = pending;
    pending = [];
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
      pending.push({ ...row, createdAt: new Date() });
      if (pending.length >= 500) void flush();
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

/**
 * One insert for the batch, one array parameter a column (unnest): the query builder's
 * cost per value, paid for every view at thousands of views a second, is paid once.
 */
async function insertViews(db: Database, batch: (PageView & { createdAt: Date })[]) {
  const column = <T>(pick: (view: PageView & { createdAt: Date }) => T) => sql.param(batch.map(pick));
  await db.execute(sql`
    insert into ${schema.pageViews} (path, source, medium, campaign, referrer, created_at)
    select * from unnest(
      ${column((v) => v.path)}::text[], ${column((v) => v.source)}::text[], ${column((v) => v.medium)}::text[],
      ${column((v) => v.campaign)}::text[], ${column((v) => v.referrer)}::text[], ${column((v) => v.createdAt)}::timestamptz[]
    )`);
}

// Kept on globalThis like the database handle, so dev-server reloads reuse it.
const holder = globalThis as typeof globalThis & { __pageViews?: PageViewBuffer };
export const setPageViewBuffer = (buffer: PageViewBuffer | undefined) => void (holder.__pageViews = buffer);
export const getPageViewBuffer = () => holder.__pageViews;
