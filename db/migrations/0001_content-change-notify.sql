-- Every change to what public pages show is announced on the channel "content_changed"
-- (after commit, to every app process listening), so their page caches are cleared at
-- once, whichever process, script or psql session made the change.
CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER blog_posts_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER job_listings_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON job_listings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER portfolio_items_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON portfolio_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER media_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON media
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
