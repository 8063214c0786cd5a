import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { DatabaseUnavailableError } from "~/lib/platform/db.server";
import { log } from "~/lib/platform/log.server";
import { InlineCssProvider, NonceProvider } from "~/lib/platform/nonce";
import { FONT_PRELOAD_LINK } from "~/lib/platform/font-preload.server";
import { FormStampProvider } from "~/lib/platform/form-stamp";
import { formStamp } from "~/lib/visitor-forms/anti-spam.server";
import { requestInfo } from "~/lib/platform/request-context";
import { heldFrameworkCss, needsFramework } from "~/lib/platform/document-marks";
import { htmlWithFrameworkHeld } from "~/lib/platform/held-framework.server";
// Inlined into every document: the first paint needs no second request, which is most of
// the wait on a slow phone network. A static page gets only the parts it uses (decision 084).
import { PAGE_CSS_MARK, WHOLE_CSS, documentWithPageCss } from "~/lib/platform/page-css.server";

export const streamTimeout = 5_000;

/**
 * Errors thrown by loaders and actions. React Router's default is console.error with
 * the whole error, which for a failed query is its SQL and every parameter value; the
 * structured log keeps the SQLSTATE code and drops the values (log.server.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return; // the visitor went away: nothing went wrong here
  // A body over its limit or deadline is answered 413/408 by server/body-limit.ts.
  if (error instanceof Error && (error.name === "BodyTooLargeError" || error.name === "BodyTimeoutError")) return;
  const { requestId } = requestInfo(context as RouterContextProvider);
  // An outage is not a bug: one warning line a request, the pages show their error states.
  if (error instanceof DatabaseUnavailableError) {
    log.warn("database unavailable", { requestId, method: request.method, path: new URL(request.url).pathname });
    return;
  }
  log.error("request failed", { requestId, method: request.method, path: new URL(request.url).pathname, error });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce: nonce, requestId } = requestInfo(loadContext);
  // Crawlers and static generation get the whole document at once; people get a stream.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  // A static page (decision 020) has nothing to stream: no deferred data, no Suspense. Its
  // document is sent as one buffer, not as ~15 chunks of 4 KB through a Node stream, a web
  // stream and the socket one by one, which was ~10 % of its render's CPU (decision 078).
  const matches = routerContext.staticHandlerContext.matches.map(({ route }) => ({
    id: route.id,
    handle: route.handle,
  }));
  const whole = !needsFramework(matches);
  // A wizard's document is made whole too, to hold its scripts until first use and to get
  // the stylesheet rules it uses (decision 086).
  const heldCss = whole ? null : heldFrameworkCss(matches);
  const held = heldCss !== null;
  const app = (
    <NonceProvider value={nonce}>
      <InlineCssProvider value={whole || held ? PAGE_CSS_MARK : WHOLE_CSS}>
        <FormStampProvider value={formStamp()}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </FormStampProvider>
      </InlineCssProvider>
    </NonceProvider>
  );
  // Every document, whole or streamed: HTML, and the two font cores to fetch at once.
  const documentHeaders = () => {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.append("Link", FONT_PRELOAD_LINK);
    return responseHeaders;
  };
  // A whole document: with its stylesheet, and for a wizard its framework held (which
  // changes no class attribute and not the stylesheet's mark).
  const respond = (html: string) => {
    const document = heldCss ? documentWithPageCss(htmlWithFrameworkHeld(html), heldCss) : documentWithPageCss(html);
    return new Response(document, { headers: documentHeaders(), status: responseStatusCode });
  };

  // A static page is rendered to one string, at once: its markup has no Suspense boundary
  // that waits (React Router's stream transfer renders nothing without <Scripts>, and the
  // app has none of its own), so the stream's work, React encoding ~25 chunks of 2 KB into
  // a Writable, joining, decoding and encoding them again, was ~15 % of its CPU for
  // nothing. Should a page ever suspend or throw here, it is rendered again as below.
  if (whole) {
    const html = renderWhole(app);
    if (html !== undefined) return Promise.resolve(respond(html));
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let finished = false;
    let deadline: NodeJS.Timeout | undefined;
    // Everything is rendered: there is nothing left to abort. The deadline's timer holds the
    // render, and through it the document it made, until it fires: six seconds of every
    // page rendered, ~60 MB at 300 renders a second, which the collector kept going through.
    const finish = () => {
      finished = true;
      clearTimeout(deadline);
    };
    const send = () => {
      shellRendered = true;
      if (whole || held) {
        pipe(collect((html) => resolve(respond(html))));
        return;
      }
      const body = new PassThrough();
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: documentHeaders(),
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const sendWhenAllReady = waitForAll || whole || held;
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onShellReady() {
        if (!sendWhenAllReady) send();
      },
      onAllReady() {
        finish();
        if (sendWhenAllReady) send();
      },
      onShellError(error: unknown) {
        finish();
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) log.error("render failed", { requestId, path: new URL(request.url).pathname, error });
      },
    });
    if (!finished) deadline = setTimeout(abort, streamTimeout + 1000);
  });
}

/** The whole document of a static page, or undefined if React could not make it at once. */
function renderWhole(app: React.ReactElement) {
  try {
    const html = renderToString(app);
    // The stream writes the doctype before an <html> root; the string renderer does not.
    return html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html;
  } catch {
    return undefined; // a component suspended, or threw: the stream renders it (and reports it) as before
  }
}

/** A stream that keeps what React writes and hands it over as one string at the end. */
function collect(done: (document: string) => void) {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      done(Buffer.concat(chunks).toString("utf8"));
      callback();
    },
  });
}
