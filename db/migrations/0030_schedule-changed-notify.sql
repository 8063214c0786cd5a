-- The schedulers wake themselves (decision 069): a post given a time to go live, or a
-- newsletter issue a time to be sent (new, or moved), is announced on the channel
-- "schedule_changed" after commit, to every app process listening, whichever process,
-- script or psql session wrote it. Each process's scheduler then sets its timer to the
-- earliest due time instead of polling. A time cleared is not announced: the timer that
-- then finds nothing due simply sets itself again.
CREATE OR REPLACE FUNCTION notify_schedule_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('schedule_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER blog_posts_scheduled AFTER INSERT ON blog_posts
  FOR EACH ROW WHEN (NEW.publish_at IS NOT NULL)
  EXECUTE FUNCTION notify_schedule_changed();
--> statement-breakpoint
-- Row by row, but PostgreSQL sends identical notifications of one transaction once.
CREATE TRIGGER blog_posts_rescheduled AFTER UPDATE OF publish_at ON blog_posts
  FOR EACH ROW WHEN (NEW.publish_at IS NOT NULL AND NEW.publish_at IS DISTINCT FROM OLD.publish_at)
  EXECUTE FUNCTION notify_schedule_changed();
--> statement-breakpoint
CREATE TRIGGER newsletter_issues_scheduled AFTER INSERT ON newsletter_issues
  FOR EACH ROW WHEN (NEW.send_at IS NOT NULL)
  EXECUTE FUNCTION notify_schedule_changed();
--> statement-breakpoint
CREATE TRIGGER newsletter_issues_rescheduled AFTER UPDATE OF send_at ON newsletter_issues
  FOR EACH ROW WHEN (NEW.send_at IS NOT NULL AND NEW.send_at IS DISTINCT FROM OLD.send_at)
  EXECUTE FUNCTION notify_schedule_changed();
