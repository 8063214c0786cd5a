/**
 * The two wizards' framework, held until someone uses the page (decision 086).
 *
 * Both wizards work without JavaScript, one plain post per step, so their first screen needs
 * none. React, React DOM and React Router are ~109 KB (gzip) of the ~119 KB they shipped, and
 * on a phone those bytes came down beside the fonts and held back the first paint. A document
 * of a route marked `frameworkOnFirstUse` is therefore sent with React Router's scripts
 * switched off: its module preloads are left out and its module script gets a type no
 * browser runs. A small inline script turns them back on at the visitor's first pointer
 * move, touch, key or focus, by which time the page has long been painted; what was typed
 * before React took over is kept (the wizards read their fields once as hydration ends).
 *
 * React Router has no option to hold its scripts, so this rewrites its output: the tags it
 * writes for `<Scripts nonce>` (7.x). Should their shape change, nothing is held and the page
 * loads React at once, as before; tests/e2e/budgets.spec.ts then fails on the bytes.
 */

/** The type the held module script gets: not JavaScript, so the browser keeps it as text. */
export const HELD_TYPE = "text/x-held-module";

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script nonce="([^"]+)" type="module" async="">/;

/**
 * Runs in the browser, from the document's end. It waits for the first sign of a person,
 * then asks for the modules the page would have preloaded and puts back the module script
 * (with its nonce: the policy allows only scripts that carry it).
 */
function wakeOnFirstUse(modules: string[], heldType: string) {
  const signs = ["pointermove", "pointerdown", "touchstart", "keydown", "focusin"];
  const wake = () => {
    for (const sign of signs) removeEventListener(sign, wake, true);
    for (const href of modules) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const held = document.querySelector(`script[type="${heldType}"]`) as HTMLScriptElement | null;
    if (!held) return;
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = held.nonce;
    script.textContent = held.textContent;
    held.replaceWith(script);
  };
  for (const sign of signs) addEventListener(sign, wake, { capture: true, passive: true });
}

/** The wizard's document with React Router's scripts held until first use; unchanged if they are not found. */
export function htmlWithFrameworkHeld(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const nonce = script[1]!;
  const modules = [...html.matchAll(PRELOAD)].map((match) => match[1]!);
  const wake = `<script nonce="${nonce}">(${wakeOnFirstUse.toString()})(${JSON.stringify(modules)},${JSON.stringify(HELD_TYPE)})</script>`;
  // Replaced with functions, not strings: a string's `$` would be read as a pattern.
  const held = html
    .replace(PRELOAD, () => "")
    .replace(script[0], () => `<script nonce="${nonce}" type="${HELD_TYPE}">`);
  const end = held.lastIndexOf("</body>");
  if (end < 0) return html;
  return held.slice(0, end) + wake + held.slice(end);
}
