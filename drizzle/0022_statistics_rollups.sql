CREATE TABLE "stats_apply_org_months" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"state" "apply_state" NOT NULL,
	"cause" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "stats_apply_org_months_pk" PRIMARY KEY("organisation_id","month","state","cause")
);
--> statement-breakpoint
CREATE TABLE "stats_structure_answers" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"structure_id" uuid NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "stats_structure_answers_pk" PRIMARY KEY("organisation_id","month","structure_id")
);
--> statement-breakpoint
CREATE INDEX "stats_apply_months_structure_idx" ON "stats_apply_months" USING btree ("organisation_id","structure_id","month");--> statement-breakpoint
INSERT INTO stats_apply_org_months (organisation_id, month, state, cause, n)
SELECT organisation_id, month, state, cause, sum(n)::integer FROM stats_apply_months GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
--> statement-breakpoint
INSERT INTO stats_structure_answers (organisation_id, month, structure_id, n)
SELECT organisation_id, month, structure_id, sum(n)::integer FROM stats_apply_months WHERE response_days >= 0 GROUP BY 1, 2, 3 HAVING sum(n) <> 0;
