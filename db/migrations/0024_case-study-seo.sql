ALTER TABLE "portfolio_items" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "share_image" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;