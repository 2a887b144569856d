CREATE TABLE "organisation_refusal_causes" (
	"organisation_id" uuid NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_refusal_causes_pk" PRIMARY KEY("organisation_id","code")
);
--> statement-breakpoint
ALTER TABLE "organisation_refusal_causes" ADD CONSTRAINT "organisation_refusal_causes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;