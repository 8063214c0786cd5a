CREATE TABLE "studio_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"document" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "studio_details_one_row" CHECK ("studio_details"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "studio_details" ADD CONSTRAINT "studio_details_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The details show on every public page (the footer) and in the legal texts: a change
-- clears every process's page cache and its cached copy of the details (0001's function).
CREATE TRIGGER studio_details_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON studio_details
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
