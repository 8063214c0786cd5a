CREATE TABLE "application_reply_templates" (
	"template" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_by_name" text,
	CONSTRAINT "application_reply_templates_template_language_pk" PRIMARY KEY("template","language"),
	CONSTRAINT "application_reply_templates_known" CHECK ("application_reply_templates"."template" in ('thanks', 'interview', 'rejection')),
	CONSTRAINT "application_reply_templates_language" CHECK ("application_reply_templates"."language" in ('nb', 'en'))
);
--> statement-breakpoint
ALTER TABLE "application_reply_templates" ADD CONSTRAINT "application_reply_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;