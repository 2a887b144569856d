ALTER TABLE "sms_messages" ADD COLUMN "sealed_body" text;--> statement-breakpoint
-- A message that carries a diagnosis link keeps its whole text sealed only while it is on its way (queued or sending:
-- the sender and the reconcile need it); once it leaves those, whatever moved it, the sealed text is forgotten and the
-- token in the text is replaced. Statuses are compared as text: on a new database the migrations run in one transaction
-- after the one that added 'sending' to the enum, and PostgreSQL refuses an enum value there (55P04).
CREATE FUNCTION "sms_messages_forget_link"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sealed_body := NULL;
  NEW.body := regexp_replace(NEW.body, '/diagnosis/[A-Za-z0-9_-]{43}', '/diagnosis/…', 'g');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sms_messages_forget_link" BEFORE INSERT OR UPDATE ON "sms_messages" FOR EACH ROW
  WHEN (NEW.direction::text = 'outbound' AND NEW.status::text NOT IN ('queued', 'sending')
    AND (NEW.sealed_body IS NOT NULL OR NEW.body LIKE '%/diagnosis/%'))
  EXECUTE FUNCTION "sms_messages_forget_link"();
--> statement-breakpoint
-- The links already sent: replaced now. Those still on their way leave in clear, and the trigger replaces theirs then.
UPDATE "sms_messages" SET "body" = regexp_replace("body", '/diagnosis/[A-Za-z0-9_-]{43}', '/diagnosis/…', 'g')
  WHERE "direction"::text = 'outbound' AND "status"::text NOT IN ('queued', 'sending') AND "body" ~ '/diagnosis/[A-Za-z0-9_-]{43}';
