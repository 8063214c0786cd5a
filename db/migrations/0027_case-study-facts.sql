ALTER TABLE "portfolio_items" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "duration" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "stack" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "credits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "figures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "gallery" jsonb DEFAULT '[]'::jsonb NOT NULL;