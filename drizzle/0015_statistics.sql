CREATE TABLE "stats_apply_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"structure_id" uuid NOT NULL,
	"state" "apply_state" NOT NULL,
	"cause" text DEFAULT '' NOT NULL,
	"response_days" integer DEFAULT -1 NOT NULL,
	"n" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_apply_months" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"structure_id" uuid NOT NULL,
	"state" "apply_state" NOT NULL,
	"cause" text DEFAULT '' NOT NULL,
	"response_days" integer DEFAULT -1 NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "stats_apply_months_pk" PRIMARY KEY("organisation_id","month","structure_id","state","cause","response_days")
);
--> statement-breakpoint
CREATE INDEX "stats_apply_deltas_organisation_idx" ON "stats_apply_deltas" USING btree ("organisation_id","month");