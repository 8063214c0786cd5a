CREATE TABLE "access_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"two_step" text DEFAULT 'off' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "access_policy_one_row" CHECK ("access_policy"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
-- Hand-edited (decision 059): every account that exists before roles becomes an owner,
-- so nobody loses access; accounts made from now on get the role they are given.
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'editor';--> statement-breakpoint
ALTER TABLE "access_policy" ADD CONSTRAINT "access_policy_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_owner_idx" ON "blog_posts" USING btree ("owner_id");--> statement-breakpoint
-- A post written before roles belongs to whoever saved its first revision (null for seeds).
UPDATE "blog_posts" p SET "owner_id" = r."saved_by"
  FROM "blog_post_revisions" r WHERE r."post_id" = p."id" AND r."number" = 1 AND r."saved_by" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('owner', 'editor', 'author'));