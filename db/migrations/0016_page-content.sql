CREATE TABLE "page_content" (
	"page" text NOT NULL,
	"locale" text NOT NULL,
	"published" jsonb,
	"published_version" integer DEFAULT 0 NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone,
	"draft" jsonb,
	"draft_revision" integer DEFAULT 0 NOT NULL,
	"draft_updated_by" uuid,
	"draft_updated_at" timestamp with time zone,
	CONSTRAINT "page_content_page_locale_pk" PRIMARY KEY("page","locale")
);
--> statement-breakpoint
CREATE TABLE "page_versions" (
	"page" text NOT NULL,
	"locale" text NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_from_version" integer,
	CONSTRAINT "page_versions_page_locale_version_pk" PRIMARY KEY("page","locale","version")
);
--> statement-breakpoint
ALTER TABLE "page_content" ADD CONSTRAINT "page_content_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_content" ADD CONSTRAINT "page_content_draft_updated_by_users_id_fk" FOREIGN KEY ("draft_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A publish changes what visitors see: every process's page cache and page-content cache
-- are cleared (the function is db/migrations/0001's). Drafts change the row too; clearing
-- the caches then costs one render of the page, and keeps the trigger simple.
CREATE TRIGGER page_content_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON page_content
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
