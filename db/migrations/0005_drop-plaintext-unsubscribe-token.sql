-- Hand-written first step (issue 12): before the plaintext unsubscribe tokens go, keep their
-- SHA-256, so the links in e-mails already sent keep working. The next start-up wraps each in
-- an HMAC with the key from SECRETS_KEY (visitor-forms/newsletter.server.ts, upgradeUnsubscribeTokens).
UPDATE "newsletter_subscribers" SET "legacy_unsubscribe_token_hash" = encode(sha256(convert_to("unsubscribe_token", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DROP CONSTRAINT "newsletter_subscribers_unsubscribe_token_unique";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DROP COLUMN "unsubscribe_token";
