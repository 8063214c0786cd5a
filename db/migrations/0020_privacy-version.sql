ALTER TABLE "leads" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "privacy_version" integer;