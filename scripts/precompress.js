// Runs after `react-router build`: writes a brotli (.br) and a gzip (.gz) twin of every
// compressible hashed asset, at the highest levels, so the server sends them as they
// are instead of compressing the same bytes on every request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = path.resolve(process.argv[2] ?? "build/client/assets");
const compressible = /\.(js|mjs|css|svg|json|txt|map|webmanifest)$/;
let files = 0;
let before = 0;
let after = 0;
for (const name of fs.readdirSync(dir)) {
  if (!compressible.test(name)) continue;
  const file = path.join(dir, name);
  const bytes = fs.readFileSync(file);
  const brotli = zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  files++;
  before += bytes.length;
  after += brotli.length;
}
console.log(`precompressed ${files} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
