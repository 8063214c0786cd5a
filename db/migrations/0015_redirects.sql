CREATE TABLE "redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_path" text NOT NULL,
	"to_target" text NOT NULL,
	"kind" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	CONSTRAINT "redirects_from_path_unique" UNIQUE("from_path"),
	CONSTRAINT "redirects_kind_check" CHECK ("redirects"."kind" in ('automatic', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redirects_to_idx" ON "redirects" USING btree ("to_target");--> statement-breakpoint
-- A redirect decides what a visitor gets at an address, so its changes are announced like
-- content (0001). Only a change of where it leads: the hit counter, written on every
-- redirected request, must not clear the page caches.
CREATE TRIGGER redirects_content_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF from_path, to_target ON redirects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
