CREATE TABLE "blog_post_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"author" text NOT NULL,
	"slug" text NOT NULL,
	"content" text NOT NULL,
	"featured_image" text NOT NULL,
	"featured" boolean NOT NULL,
	"published" boolean NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"saved_by" uuid,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_from" integer,
	CONSTRAINT "blog_post_revisions_post_number" UNIQUE("post_id","number")
);
--> statement-breakpoint
CREATE TABLE "blog_preview_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "blog_preview_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD CONSTRAINT "blog_post_revisions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD CONSTRAINT "blog_post_revisions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_preview_links" ADD CONSTRAINT "blog_preview_links_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_preview_links" ADD CONSTRAINT "blog_preview_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_preview_links" ADD CONSTRAINT "blog_preview_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_preview_links_post_idx" ON "blog_preview_links" USING btree ("post_id");--> statement-breakpoint
-- Nothing is lost from before this migration either: every existing post's words are its
-- first revision (no author known), so the first save after it can be compared and undone.
INSERT INTO "blog_post_revisions" ("post_id", "number", "title", "excerpt", "author", "slug", "content", "featured_image", "featured", "published", "tags", "saved_by", "saved_at")
  SELECT "id", 1, "title", "excerpt", "author", "slug", "content", "featured_image", "featured", "published", "tags", NULL, "updated_at" FROM "blog_posts";
