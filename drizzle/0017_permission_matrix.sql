CREATE TABLE "organisation_role_permissions" (
	"organisation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"permissions" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_role_permissions_pk" PRIMARY KEY("organisation_id","role")
);
--> statement-breakpoint
ALTER TABLE "organisation_role_permissions" ADD CONSTRAINT "organisation_role_permissions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;