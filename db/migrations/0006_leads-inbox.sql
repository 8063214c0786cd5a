CREATE TABLE "lead_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"contact_request_id" uuid,
	"gdpr_submission_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"read_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_contact_request_id_unique" UNIQUE("contact_request_id"),
	CONSTRAINT "leads_gdpr_submission_id_unique" UNIQUE("gdpr_submission_id"),
	CONSTRAINT "leads_one_source" CHECK (("leads"."kind" = 'contact' and "leads"."contact_request_id" is not null and "leads"."gdpr_submission_id" is null) or ("leads"."kind" = 'gdpr' and "leads"."gdpr_submission_id" is not null and "leads"."contact_request_id" is null))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_contact_request_id_contact_requests_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "public"."contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_gdpr_submission_id_gdpr_submissions_id_fk" FOREIGN KEY ("gdpr_submission_id") REFERENCES "public"."gdpr_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_notes_lead_idx" ON "lead_notes" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_lead_idx" ON "mail_outbox" USING btree ("lead_id");--> statement-breakpoint
-- Existing submissions become leads, marked read: staff have had them by e-mail already,
-- and the unread count should start with what arrives from now on.
INSERT INTO "leads" ("kind", "contact_request_id", "read_at", "created_at")
  SELECT 'contact', "id", now(), "created_at" FROM "contact_requests";--> statement-breakpoint
INSERT INTO "leads" ("kind", "gdpr_submission_id", "read_at", "created_at")
  SELECT 'gdpr', "id", now(), "created_at" FROM "gdpr_submissions";--> statement-breakpoint
-- Their e-mails were queued in the submission's own transaction, so they share its now():
-- the same kind and the same created_at (and, for what went to the visitor, the address).
UPDATE "mail_outbox" m SET "lead_id" = l."id"
  FROM "leads" l JOIN "contact_requests" c ON c."id" = l."contact_request_id"
  WHERE m."created_at" = c."created_at"
    AND (m."kind" = 'contact-notification' OR (m."kind" = 'contact-receipt' AND lower(m."to_address") = lower(c."email")));--> statement-breakpoint
UPDATE "mail_outbox" m SET "lead_id" = l."id"
  FROM "leads" l JOIN "gdpr_submissions" g ON g."id" = l."gdpr_submission_id"
  WHERE m."created_at" = g."created_at" AND m."kind" = 'gdpr-report' AND lower(m."to_address") = lower(g."email");
