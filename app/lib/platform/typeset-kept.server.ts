import { typesetDocument } from "./typography";

// Keyed by the value itself: a change of content brings new values (the caches are cleared,
// not edited), and the old result goes with the old value.
const typesetOnce = new WeakMap<object, unknown>();

/**
 * `typesetDocument` of a value kept in memory until the content changes (a page's published
 * words, a kept showcase list): made once per value, not on every render. On a cold `/` it
 * was ~3 % of the CPU, and as much again in garbage: a fresh copy of the page's words each
 * time. A value that is not kept (read again each time: scripts, a database that does not
 * answer) is simply typeset each time. Neither the value nor the result is changed in place.
 */
export function typesetKept<T extends object>(value: T): T {
  let done = typesetOnce.get(value) as T | undefined;
  if (done === undefined) {
    done = typesetDocument(value);
    typesetOnce.set(value, done);
  }
  return done;
}
