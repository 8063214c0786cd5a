import { createHash } from "node:crypto";
import { build, type Plugin } from "vite";

// The enhancement module: the few kilobytes of plain script that pages without the
// framework still run (docs/decisions/020). Built on its own, so it shares nothing
// with React's chunks and stays small enough to read.
// The same plugin builds the visitor forms' proof-of-work solver (app/enhance/pow.ts,
// decision 062) into a file of its own: loaded only on a protected form's first focus, so
// it adds nothing to what a page downloads.
type Script = { entry: string; virtualId: string; name: string };
const ENHANCE: Script = { entry: "app/enhance/index.ts", virtualId: "virtual:enhance-script", name: "enhance" };
export const POW_SCRIPT: Script = { entry: "app/enhance/pow.ts", virtualId: "virtual:pow-script", name: "pow" };

/** Bundles and minifies the entry into one ES module; the same input gives the same bytes. */
async function bundleEntry(root: string, ENTRY: string) {
  const output = await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    build: {
      write: false,
      target: "es2022",
      minify: true, // (library mode would keep the whitespace)
      modulePreload: false,
      rollupOptions: { input: ENTRY },
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
export function enhanceScript({ entry, virtualId: VIRTUAL_ID, name }: Script = ENHANCE): Plugin {
  const RESOLVED_ID = `\0${VIRTUAL_ID}`;
  let root = process.cwd();
  let serving = false;
  let built: Promise<{ code: string; fileName: string }> | undefined;
  const bundle = () =>
    (built ??= bundleEntry(root, entry).then((code) => {
      const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
      return { code, fileName: `assets/${name}-${hash}.js` };
    }));

  return {
    name: `${name}-script`,
    configResolved(config) {
      root = config.root;
      serving = config.command === "serve";
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const url = serving ? `/${entry}` : `/${(await bundle()).fileName}`;
      return `export default ${JSON.stringify(url)};`;
    },
    async generateBundle() {
      if (serving || this.environment.config.consumer !== "client") return;
      const { code, fileName } = await bundle();
      this.emitFile({ type: "asset", fileName, source: code });
    },
  };
}
