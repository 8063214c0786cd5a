CREATE TABLE "newsletter_erasures" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "security_events_action_idx" ON "security_events" USING btree ("action","created_at");--> statement-breakpoint
-- Backfill: a delivered message was last tried when it was sent; for the others the time is unknown.
UPDATE "mail_outbox" SET "last_attempt_at" = "sent_at" WHERE "sent_at" IS NOT NULL;
