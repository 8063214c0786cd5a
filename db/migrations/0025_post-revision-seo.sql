ALTER TABLE "blog_post_revisions" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD COLUMN "share_image" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Revisions saved before they kept the search fields take the post's current ones, so
-- restoring one of them brings back its words without clearing the post's search fields.
UPDATE "blog_post_revisions" AS r SET "seo_title" = p."seo_title", "seo_description" = p."seo_description", "share_image" = p."share_image", "noindex" = p."noindex" FROM "blog_posts" AS p WHERE p."id" = r."post_id";
