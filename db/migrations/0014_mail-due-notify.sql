-- The mail outbox wakes the delivery workers itself: a new message, or one put back to
-- "pending" (staff's "Send igjen"), is announced on the channel "mail_due" after commit,
-- to every app process listening, whichever process, script or psql session wrote it.
-- So no code that enqueues mail has to remember to wake a worker, and every instance
-- hears of it at once (the worker's poll remains the fallback for retries that fall due).
CREATE OR REPLACE FUNCTION notify_mail_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mail_due', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mail_outbox_inserted AFTER INSERT ON mail_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION notify_mail_due();
--> statement-breakpoint
-- Row by row, but PostgreSQL sends identical notifications of one transaction once.
CREATE TRIGGER mail_outbox_requeued AFTER UPDATE OF status ON mail_outbox
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM 'pending' AND NEW.status = 'pending')
  EXECUTE FUNCTION notify_mail_due();
