import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fixtures from "../fixtures/images";
import { type S3TestServer, startS3Server } from "../support/s3-server";
import { setUpProductionServer } from "../support/production-server";

// The production server with its media in a bucket (S3_URL, s3rver here) and pages
// pointing at the bucket's public address (MEDIA_BASE_URL): an upload lands in the
// bucket, not on this machine's disk; the app still serves /uploads/… from the bucket
// with the upload headers; a post shows it from the bucket; deleting it deletes the objects.

let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});
// Registered after the S3 server's hooks: started once the bucket is up, stopped before it goes.
const fixture = setUpProductionServer("media-s3", {
  env: () => ({ S3_URL: s3.url, MEDIA_BASE_URL: s3.publicUrl }),
  staff: { email: "media@fjordform.test", fullName: "Media Tester" },
});

const staff = (init: RequestInit & { headers?: Record<string, string> } = {}) => ({
  ...init,
  headers: { cookie: fixture.cookie, origin: fixture.server.url, ...init.headers },
});

async function upload(image: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(image)], { type }), name);
  const response = await fetch(`${fixture.server.url}/api/upload-image`, staff({ method: "POST", body: form }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

/** The /admin/media form: delete the medium with this id, as a browser without JavaScript would. */
// The library's confirmed delete form (the ticked box is the confirmation).
const deleteMedium = (id: string) =>
  fetch(
    `${fixture.server.url}/admin/media/${id}`,
    staff({ method: "POST", body: new URLSearchParams({ intent: "delete", confirm: "on" }), redirect: "manual" }),
  );

describe("media in an S3 bucket, through the production server", () => {
  it("upload → objects in the bucket → served by the app and from MEDIA_BASE_URL → deleted with the objects", async () => {
    const url = await upload(await fixtures.png(), "diagram.png", "image/png");
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}-800\.png$/);
    const key = url.slice("/uploads/".length);
    const uuid = key.replace(/-800\.png$/, "");
    expect(await s3.keys()).toEqual(["480.png", "480.webp", "800.png", "800.webp"].map((v) => `uploads/${uuid}-${v}`));
    expect(fs.existsSync(path.join(fixture.dataDir, "uploads")), "nothing on this instance's disk").toBe(false);
    const stored = await s3.bytes(`uploads/${key}`);

    // Through the app, streamed from the bucket, with the headers uploads always had.
    const image = await fetch(fixture.server.url + url);
    expect(image.status).toBe(200);
    expect(Object.fromEntries(image.headers)).toMatchObject({
      "content-type": "image/png",
      "content-length": String(stored.byteLength),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "accept-ranges": "bytes",
    });
    expect(Buffer.from(await image.arrayBuffer()).equals(stored)).toBe(true);
    const etag = image.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(image.headers.get("last-modified")).toBeTruthy();
    const revalidated = await fetch(fixture.server.url + url, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    const piece = await fetch(fixture.server.url + url, { headers: { range: "bytes=0-99" } });
    expect([piece.status, piece.headers.get("content-range")]).toEqual([206, `bytes 0-99/${stored.byteLength}`]);
    expect(Buffer.from(await piece.arrayBuffer()).equals(stored.subarray(0, 100))).toBe(true);
    expect((await fetch(`${fixture.server.url}/uploads/${uuid}-123.png`)).status).toBe(404);

    // A post with it: the page points at the bucket, which serves it as it is.
    const created = await fetch(
      `${fixture.server.url}/api/blog`,
      staff({
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          title: "Bilder i bøtta",
          excerpt: "Et innlegg med et opplastet bilde.",
          author: "Media Tester",
          content: "Bildet ligger i objektlageret.",
          featured_image: url,
          published: true,
        }),
      }),
    );
    expect(created.status).toBe(201);
    const post = ((await created.json()) as { data: { id: string; slug: string } }).data;
    const page = await (await fetch(`${fixture.server.url}/blog/${post.slug}`)).text();
    expect(page).toContain(`src="${s3.publicUrl}${url}"`);
    expect(page).toContain(`${s3.publicUrl}/uploads/${uuid}-480.png 480w`);
    const direct = await fetch(`${s3.publicUrl}${url}`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-type")).toBe("image/png");
    expect(direct.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await direct.arrayBuffer()).equals(stored)).toBe(true);

    // The media library shows it from the bucket too, and links to its own page by id.
    const library = await (await fetch(`${fixture.server.url}/admin/media`, staff())).text();
    expect(library).toContain(`src="${s3.publicUrl}/uploads/${uuid}-480.webp"`);
    const id = /href="\/admin\/media\/([0-9a-f-]{36})"/.exec(library)?.[1];
    expect(id).toBeDefined();

    // Not while the post shows it; once the post is gone, the row and every object go.
    const refused = await deleteMedium(id!);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Bildet kan ikke slettes fordi det brukes i blogginnlegget");
    expect(await s3.keys()).toHaveLength(4);
    expect((await fetch(`${fixture.server.url}/api/blog-edit?id=${post.id}`, staff({ method: "DELETE" }))).status).toBe(200);
    const deleted = await deleteMedium(id!);
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/admin/media");
    expect(await s3.keys()).toEqual([]);
    expect((await fetch(fixture.server.url + url)).status).toBe(404);
    // The library says so once (the flash cookie the delete set), and is empty.
    const flash = deleted.headers.getSetCookie().find((line) => line.startsWith("flash="))?.split(";")[0];
    expect(flash).toBeDefined();
    const said = await fetch(`${fixture.server.url}/admin/media`, staff({ headers: { cookie: `${fixture.cookie}; ${flash}` } }));
    const after = await said.text();
    expect(after).toContain("Bildet er slettet.");
    expect(after).toContain("Ingen bilder er lastet opp ennå.");
    expect(said.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^flash=; .*Max-Age=0/));
  });
});
