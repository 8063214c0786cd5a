/**
 * The spec's exact strings on public pages that are written with a straight apostrophe or
 * quote. The acceptance walk matches the spec character by character, so these stay as the
 * spec has them wherever they appear: the typographer (typography.ts) leaves them alone,
 * and the browser test of issue #32 (tests/e2e/typography.spec.ts) takes them out of a
 * page's text before it looks for straight quotes (decision 073).
 *
 * Copied from the spec by hand (the project never reads it). None of the spec's public
 * strings uses " - " as a dash; "from 0-1" is a hyphen the spec wrote and stays one.
 */
export const SPEC_STRINGS_WITH_STRAIGHT_QUOTES = [
  // /development and /production: the hero buttons.
  "Let's Build",
  "Let's Shoot",
  // /work: the headline and the closing block.
  "A quick look at what we've built, how we work, and where we're headed.",
  "We'd love to hear your ideas!",
  // /about: the headline.
  "We're builders, designers, and engineers working across AI, software, and content.",
  // /blog/{slug} for a post that is not there.
  "The blog post you're looking for doesn't exist.",
] as const;
