CREATE TABLE "stats_sms_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_sms_months" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "stats_sms_months_pk" PRIMARY KEY("organisation_id","month","status")
);
--> statement-breakpoint
CREATE INDEX "stats_sms_deltas_organisation_idx" ON "stats_sms_deltas" USING btree ("organisation_id","month");--> statement-breakpoint
-- Issue 41 §1: the statistics' SMS delivery counted a year of the organisation's outbound messages at each view (a
-- department's reminders and convocations: hundreds of thousands). They are now counted per organisation, month
-- (Paris) and status in stats_sms_months, kept like stats_workshop_months (drizzle/0074): this trigger appends deltas
-- in the writer's transaction, the job compact-stats folds them in.
CREATE FUNCTION passerelle_stats_sms_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.organisation_id, OLD.direction, OLD.status, passerelle_stats_month(OLD.created_at))
      IS NOT DISTINCT FROM (NEW.organisation_id, NEW.direction, NEW.status, passerelle_stats_month(NEW.created_at)) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.direction = 'outbound' THEN
    INSERT INTO stats_sms_deltas (organisation_id, month, status, n)
    VALUES (OLD.organisation_id, passerelle_stats_month(OLD.created_at), OLD.status::text, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.direction = 'outbound' THEN
    INSERT INTO stats_sms_deltas (organisation_id, month, status, n)
    VALUES (NEW.organisation_id, passerelle_stats_month(NEW.created_at), NEW.status::text, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sms_messages_stats AFTER INSERT OR DELETE OR UPDATE OF organisation_id, direction, status, created_at
ON sms_messages FOR EACH ROW EXECUTE FUNCTION passerelle_stats_sms_delta();
--> statement-breakpoint
INSERT INTO stats_sms_months (organisation_id, month, status, n)
SELECT organisation_id, passerelle_stats_month(created_at), status::text, count(*)::int
FROM sms_messages WHERE direction = 'outbound'
GROUP BY 1, 2, 3;
