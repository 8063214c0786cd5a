CREATE TABLE "used_proofs" (
	"challenge" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_applications" ALTER COLUMN "verified" SET DEFAULT false;--> statement-breakpoint
-- Applications sent before the check passed none (decision 062): they are not verified.
UPDATE "job_applications" SET "verified" = false;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "used_proofs_expires_idx" ON "used_proofs" USING btree ("expires_at");