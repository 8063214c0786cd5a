import { createHash } from "node:crypto";
import { build, type Plugin } from "vite";

// The enhancement module: the few kilobytes of plain script that pages without the
// framework still run (docs/decisions/020). Built on its own, so it shares nothing
// with React's chunks and stays small enough to read.
const ENTRY = "app/enhance/index.ts";
const VIRTUAL_ID = "virtual:enhance-script";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
// Files of their own that the module imports only where a page needs them, so they add
// nothing to what other pages download: the visitor forms' proof-of-work solver (decision
// 062), on a protected form's first focus, and the application form's part (decision
// 057), on a job's page. Built first; the module gets their addresses as constants.
const POW_ENTRY = "app/enhance/pow.ts";
const APPLY_ENTRY = "app/enhance/application.ts";

/** Bundles and minifies the entry into one ES module; the same input gives the same bytes. */
async function bundleEntry(root: string, ENTRY: string, define: Record<string, string> = {}) {
  const output = await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    define,
    build: {
      write: false,
      target: "es2022",
      minify: true, // (library mode would keep the whitespace)
      modulePreload: false,
      // The solver's exports are what it is for (the enhancement module has none).
      rollupOptions: { input: ENTRY, preserveEntrySignatures: "exports-only" },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const chunk = results.flatMap((result) => ("output" in result ? result.output : [])).find((file) => file.type === "chunk");
  if (!chunk || chunk.type !== "chunk") throw new Error(`${ENTRY}: the build produced no script`);
  return chunk.code;
}

/**
 * `import enhanceScript from "virtual:enhance-script"` is the URL of the built module:
 * `/assets/enhance-<content hash>.js`, served for a year like every hashed asset. The
 * client build writes the file; the server build only needs its name, and both compute
 * it from the same bytes, so they agree without passing anything between the builds.
 * In development the URL is the source file, which Vite's dev server compiles.
 */
export function enhanceScript(): Plugin {
  let root = process.cwd();
  let serving = false;
  let built: Promise<{ code: string; fileName: string }[]> | undefined;
  let powBuilt: Promise<{ code: string; fileName: string }> | undefined;
  let applyBuilt: Promise<{ code: string; fileName: string }> | undefined;
  const named = (name: string, code: string) => ({
    code,
    fileName: `assets/${name}-${createHash("sha256").update(code).digest("base64url").slice(0, 8)}.js`,
  });
  const powScript = () => (powBuilt ??= bundleEntry(root, POW_ENTRY).then((code) => named("pow", code)));
  const applyScript = () => (applyBuilt ??= bundleEntry(root, APPLY_ENTRY).then((code) => named("apply", code)));
  const bundle = () =>
    (built ??= (async () => {
      const [pow, apply] = await Promise.all([powScript(), applyScript()]);
      const define = { __POW_SCRIPT__: JSON.stringify(`/${pow.fileName}`), __APPLY_SCRIPT__: JSON.stringify(`/${apply.fileName}`) };
      return [named("enhance", await bundleEntry(root, ENTRY, define)), pow, apply];
    })());

  return {
    name: "enhance-script",
    // The React pages (the wizards, the footer) import the same file by the same constant:
    // a plain string to import(), so no chunk or preload helper of Vite's comes with it.
    async config(config, env) {
      root = config.root ?? root;
      const serve = env.command === "serve";
      const pow = serve ? `/${POW_ENTRY}` : `/${(await powScript()).fileName}`;
      const apply = serve ? `/${APPLY_ENTRY}` : `/${(await applyScript()).fileName}`;
      return { define: { __POW_SCRIPT__: JSON.stringify(pow), __APPLY_SCRIPT__: JSON.stringify(apply) } };
    },
    configResolved(config) {
      root = config.root;
      serving = config.command === "serve";
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const url = serving ? `/${ENTRY}` : `/${(await bundle())[0]!.fileName}`;
      return `export default ${JSON.stringify(url)};`;
    },
    async generateBundle() {
      if (serving || this.environment.config.consumer !== "client") return;
      for (const { code, fileName } of await bundle()) this.emitFile({ type: "asset", fileName, source: code });
    },
  };
}
