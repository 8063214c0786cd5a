ALTER TABLE "blog_posts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD COLUMN "send_scheduled_by" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_send_scheduled_by_users_id_fk" FOREIGN KEY ("send_scheduled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_tags_idx" ON "blog_posts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "blog_posts_publish_at_idx" ON "blog_posts" USING btree ("publish_at") WHERE "blog_posts"."publish_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "newsletter_issues_send_at_idx" ON "newsletter_issues" USING btree ("send_at") WHERE "newsletter_issues"."send_at" IS NOT NULL;