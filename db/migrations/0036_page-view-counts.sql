ALTER TABLE "page_views" ADD COLUMN "views" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_views_positive" CHECK ("page_views"."views" > 0);