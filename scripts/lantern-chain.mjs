// `node scripts/lantern-chain.mjs <artifacts dir> [part-of-a-URL=bytes ...]`: what Lighthouse's
// simulated phone (Lantern, mobile preset) makes of one recorded page load: its LCP, and every
// request and main-thread task on the way there, with simulated start and end times (decision 089).
// Record the artifacts with `BENCH_ARTIFACTS=<dir> npm run bench:lighthouse` (one folder per page
// and run). `fraunces=12000` answers "what if that file were 12,000 bytes on the wire" on the
// same recording; `DOC=+1500` adds to the HTML document. Lighthouse's internals, not its API:
// written against lighthouse 12.8.
import { loadArtifacts } from "lighthouse/core/lib/asset-saver.js";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import * as constants from "lighthouse/core/config/constants.js";

const [dir, ...changes] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node scripts/lantern-chain.mjs <artifacts dir> [part-of-a-URL=bytes|+bytes ...]");
  process.exit(2);
}
const settings = {
  ...constants.defaultSettings,
  formFactor: "mobile",
  throttlingMethod: "simulate",
  throttling: constants.throttling.mobileSlow4G,
  screenEmulation: constants.screenEmulationMetrics.mobile,
};
const artifacts = await loadArtifacts(dir);

/** The document is the one request whose path has no dot (the page itself); an event of no known request matches nothing. */
const matches = (url, part) =>
  url !== undefined && (part === "DOC" ? !new URL(url).pathname.includes(".") : url.includes(part));
const resized = (bytes, value) => (value.startsWith("+") ? bytes + Number(value) : Number(value));

// Lantern reads transfer sizes from the trace (ResourceFinish) and the DevTools log
// (Network.loadingFinished); a change is written into both.
const urls = new Map();
for (const event of artifacts.DevtoolsLog)
  if (event.method === "Network.requestWillBeSent") urls.set(event.params.requestId, event.params.request.url);
for (const event of artifacts.Trace.traceEvents)
  if (event.name === "ResourceSendRequest") urls.set(event.args.data.requestId, event.args.data.url);
for (const change of changes) {
  const [part, value] = change.split("=");
  for (const event of artifacts.DevtoolsLog) {
    if (event.method === "Network.loadingFinished" && matches(urls.get(event.params.requestId), part))
      event.params.encodedDataLength = resized(event.params.encodedDataLength, value);
  }
  for (const event of artifacts.Trace.traceEvents) {
    if (!matches(urls.get(event.args?.data?.requestId), part)) continue;
    if (event.name === "ResourceFinish")
      event.args.data.encodedDataLength = resized(event.args.data.encodedDataLength, value);
    if (event.name === "ResourceReceivedData") event.args.data.encodedDataLength = 0;
  }
}

const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings,
  URL: artifacts.URL,
  SourceMaps: [],
  simulator: null,
};
const result = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings });
const round = (ms) => Math.round(ms);
console.log(
  `LCP ${round(result.timing)} ms: the mean of the optimistic (${round(result.optimisticEstimate.timeInMs)}) and pessimistic (${round(result.pessimisticEstimate.timeInMs)}) graphs`,
);
const KEPT_EVENTS = /ParseHTML|Layout|Paint$|EvaluateScript|ModuleEvaluated|largestContentfulPaint::Candidate/;
for (const [label, estimate] of [
  ["optimistic", result.optimisticEstimate],
  ["pessimistic", result.pessimisticEstimate],
]) {
  console.log(`\n${label}: start → end (ms), what`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of rows) {
    const what =
      node.type === "network"
        ? `${new URL(node.request.url).pathname} ${node.request.transferSize} B`
        : `main thread ${(node.duration / 1000).toFixed(1)} ms observed: ${[...new Set(node.childEvents.map((e) => e.name))].filter((name) => KEPT_EVENTS.test(name)).join(", ")}`;
    console.log(
      `${String(round(timing.startTime)).padStart(5)} → ${String(round(timing.endTime)).padStart(5)}  ${what}`,
    );
  }
}
