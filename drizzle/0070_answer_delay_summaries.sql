CREATE TABLE "answer_delay_summaries" (
	"organisation_id" uuid NOT NULL,
	"from_month" text NOT NULL,
	"to_month" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"figures" jsonb NOT NULL,
	CONSTRAINT "answer_delay_summaries_pk" PRIMARY KEY("organisation_id","from_month","to_month")
);
--> statement-breakpoint
ALTER TABLE "answer_delay_summaries" ADD CONSTRAINT "answer_delay_summaries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;