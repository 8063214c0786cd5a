ALTER TABLE "portfolio_items" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "services" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "result" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "challenge" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "approach" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "outcome" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "video_mp4" text;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "video_webm" text;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "poster" text;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "poster_jpeg" text;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "poster_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "portfolio_items_order_idx" ON "portfolio_items" USING btree ("sort_order");--> statement-breakpoint
-- The seeded items kept one media key for four files: each file gets its own path now.
UPDATE "portfolio_items" SET "video_mp4" = "media" || '.mp4', "video_webm" = "media" || '.webm', "poster" = "media" || '.webp', "poster_jpeg" = "media" || '.jpg';--> statement-breakpoint
ALTER TABLE "portfolio_items" ALTER COLUMN "video_mp4" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ALTER COLUMN "poster" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ALTER COLUMN "poster_jpeg" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" DROP COLUMN "media";