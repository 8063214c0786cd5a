// `npx tsx scripts/make-portrait-poster.ts [name ...]` (default: hero): the portrait poster a tall
// screen shows instead of the 16:9 one (video-loop.tsx, decision 083). The home hero covers a
// phone's whole height, so only the middle of the frame is seen: this is that middle, 3:4, cut
// from the first frame's JPEG (scripts/make-media.sh makes both posters from the same frame).
// Quality 65, below the 85 make-media.sh gives the other posters: it is the phone's largest
// paint, a soft gradient the film plays over within a second, and at 65 it is 6.7 KB against
// 9.9 KB with no difference to see (decision 089). Run it after make-media.sh.
import path from "node:path";
import sharp from "sharp";

const dir = path.join(import.meta.dirname, "..", "public", "media", "video");
for (const name of process.argv.slice(2).length ? process.argv.slice(2) : ["hero"]) {
  const source = sharp(path.join(dir, `${name}.jpg`));
  const { width = 0, height = 0 } = await source.metadata();
  const cropWidth = Math.round((height * 3) / 4);
  const out = path.join(dir, `${name}-portrait.webp`);
  const info = await source
    .extract({ left: Math.round((width - cropWidth) / 2), top: 0, width: cropWidth, height })
    .webp({ quality: 65, effort: 6 })
    .toFile(out);
  console.log(`${path.relative(process.cwd(), out)}: ${info.width}×${info.height}, ${info.size} bytes`);
}
