/** The URL of the built enhancement module (scripts/vite-enhance-plugin.ts). */
declare module "virtual:enhance-script" {
  const src: string;
  export default src;
}


/** The built proof-of-work solver's address (decision 062), a constant of the enhancement module's build. */
declare const __POW_SCRIPT__: string;

/** The built application form's part (decision 057), a constant of the enhancement module's build. */
declare const __APPLY_SCRIPT__: string;
