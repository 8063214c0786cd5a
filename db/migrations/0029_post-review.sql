ALTER TABLE "blog_posts" ADD COLUMN "review_status" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_review_idx" ON "blog_posts" USING btree ("submitted_at") WHERE "blog_posts"."review_status" = 'submitted';