ALTER TABLE "page_views" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "medium" text;--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "referrer" text;