import client from "prom-client";

/**
 * The process's metrics in the Prometheus text format (prom-client), served at /metrics
 * behind METRICS_TOKEN or on METRICS_PORT (server/metrics-endpoint.ts). Decision 061.
 *
 * Two kinds: what happens per request is counted as it happens (one histogram observe,
 * nothing else: the page cache answers thousands of hits a second); what is a state
 * (outbox depth, a send's progress, the pool, the last backup) is read only when
 * Prometheus scrapes, through the sources the composition root sets (server/startup.ts),
 * so platform/ needs no domain module and a process without them just leaves them out.
 */
export const registry = new client.Registry();

// Node's own: event-loop delay (monitorEventLoopDelay percentiles), heap, GC, CPU, handles.
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

// From a page-cache hit (~0.1 ms) to a slow upload (tens of seconds).
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const requestDuration = new client.Histogram({
  name: "http_request_duration_seconds",
  help: "Requests by route id (not URL) and status, with their latency; _count is the number of requests",
  labelNames: ["route", "status"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

const renderDuration = new client.Histogram({
  name: "page_render_duration_seconds",
  help: "Time React Router took to answer a request the page cache did not (loaders, actions, rendering)",
  labelNames: ["route"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

// Two plain numbers on the hot path, handed to prom-client only when scraped: a counter's
// inc() hashes its labels each time, which a hit (the cheapest answer we give) need not pay.
let cacheHits = 0;
let cacheMisses = 0;
new client.Counter({
  name: "page_cache_lookups_total",
  help: "Page-cache lookups of cacheable visits: hit (sent from the cache) or miss (rendered)",
  labelNames: ["result"] as const,
  registers: [registry],
  collect() {
    this.reset();
    this.inc({ result: "hit" }, cacheHits);
    this.inc({ result: "miss" }, cacheMisses);
  },
});

// One labels object per route and status, made on first use and reused: an observe then
// allocates nothing of ours. Routes and statuses are few (route ids, not URLs).
const requestLabels = new Map<string, Map<number, { route: string; status: string }>>();
const renderLabels = new Map<string, { route: string }>();

/** One request answered: `route` is a route id or one of the server's own names (decision 061). */
export function observeRequest(route: string, status: number, ms: number) {
  let byStatus = requestLabels.get(route);
  if (!byStatus) requestLabels.set(route, (byStatus = new Map()));
  let labels = byStatus.get(status);
  if (!labels) byStatus.set(status, (labels = { route, status: String(status) }));
  requestDuration.observe(labels, ms / 1000);
}

export function observeRender(route: string, ms: number) {
  let labels = renderLabels.get(route);
  if (!labels) renderLabels.set(route, (labels = { route }));
  renderDuration.observe(labels, ms / 1000);
}

export function countPageCacheHit() {
  cacheHits++;
}

export function countPageCacheMiss() {
  cacheMisses++;
}

/** What the scrape-time gauges read; each is optional and may fail (the gauge is then left out). */
export type MetricSources = {
  outbox?: () => Promise<{ pending: number; failed: number; retrying: number }>;
  newsletter?: () => Promise<{ recipients: number; waiting: number; queued: number; sent: number; failed: number; skipped: number } | null>;
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  /** When the newest backup finished; undefined when there is none (or no backups yet). */
  lastBackupAt?: () => Promise<Date | undefined> | Date | undefined;
};

const sources: MetricSources = {};

/** Set by the composition root at start-up; a later call adds or replaces sources. */
export function setMetricSources(next: MetricSources) {
  Object.assign(sources, next);
}

/** The backups module sets where its newest backup's time comes from (issue #30). */
export function setLastBackupSource(read: MetricSources["lastBackupAt"]) {
  sources.lastBackupAt = read;
}

new client.Gauge({
  name: "mail_outbox_messages",
  help: "Mail outbox rows by state: pending (due or waiting), retrying (pending after a failed attempt), failed (given up)",
  labelNames: ["state"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const counts = await sources.outbox?.().catch(() => undefined);
    if (!counts) return;
    for (const [state, value] of Object.entries(counts)) this.set({ state }, value);
  },
});

new client.Gauge({
  name: "newsletter_send_recipients",
  help: "The running newsletter send's recipients by state (absent when no send is running)",
  labelNames: ["state"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const progress = await sources.newsletter?.().catch(() => undefined);
    if (!progress) return;
    for (const [state, value] of Object.entries(progress)) this.set({ state }, value);
  },
});

new client.Gauge({
  name: "db_pool_connections",
  help: "The database pool: total and idle connections, requests waiting for one, and its maximum",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    const pool = sources.pool?.();
    if (!pool) return;
    for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
  },
});

new client.Gauge({
  name: "backup_last_success_age_seconds",
  help: "Seconds since the newest backup finished (absent until backups report one)",
  registers: [registry],
  async collect() {
    // Not reset(): on a gauge without labels that writes 0, which would read as "just backed
    // up". With no values the series is absent, which an alert's absent() can see.
    (this as unknown as { hashMap: object }).hashMap = {};
    const at = await Promise.resolve(sources.lastBackupAt?.()).catch(() => undefined);
    if (at) this.set(Math.max(0, (Date.now() - at.getTime()) / 1000));
  },
});

export async function metricsText() {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
