/** The URL of the built enhancement module (scripts/vite-enhance-plugin.ts). */
declare module "virtual:enhance-script" {
  const src: string;
  export default src;
}
