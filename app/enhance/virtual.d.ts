/** The URL of the built enhancement module (scripts/vite-enhance-plugin.ts). */
declare module "virtual:enhance-script" {
  const src: string;
  export default src;
}

/** The URL of the built proof-of-work solver (decision 062), loaded on a protected form's first focus. */
declare module "virtual:pow-script" {
  const src: string;
  export default src;
}
