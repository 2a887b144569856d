CREATE TABLE "structure_answer_delay_summaries" (
	"structure_id" uuid NOT NULL,
	"from_month" text NOT NULL,
	"to_month" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"figures" jsonb NOT NULL,
	CONSTRAINT "structure_answer_delay_summaries_pk" PRIMARY KEY("structure_id","from_month","to_month")
);
--> statement-breakpoint
ALTER TABLE "structure_answer_delay_summaries" ADD CONSTRAINT "structure_answer_delay_summaries_structure_id_partner_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."partner_structures"("id") ON DELETE cascade ON UPDATE no action;