ALTER TABLE "login_attempts" ADD COLUMN "ip_key" text;--> statement-breakpoint
CREATE INDEX "login_attempts_ip_key_idx" ON "login_attempts" USING btree ("ip_key","created_at");