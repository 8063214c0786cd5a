ALTER TABLE "page_content" ADD COLUMN "draft_review_status" text;--> statement-breakpoint
ALTER TABLE "page_content" ADD COLUMN "draft_review_comment" text;--> statement-breakpoint
ALTER TABLE "page_content" ADD COLUMN "draft_submitted_by" uuid;--> statement-breakpoint
ALTER TABLE "page_content" ADD COLUMN "draft_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "page_content" ADD COLUMN "draft_reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "page_content" ADD CONSTRAINT "page_content_draft_submitted_by_users_id_fk" FOREIGN KEY ("draft_submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_content" ADD CONSTRAINT "page_content_draft_reviewed_by_users_id_fk" FOREIGN KEY ("draft_reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;