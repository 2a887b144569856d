CREATE TABLE "read_journal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text NOT NULL,
	"organisation_id" uuid,
	"structure_id" uuid,
	"owner_organisation_id" uuid NOT NULL,
	"candidate_id" uuid,
	"kind" text NOT NULL,
	"entity_id" uuid,
	"count" integer
);
--> statement-breakpoint
ALTER TABLE "read_journal" ADD CONSTRAINT "read_journal_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_journal" ADD CONSTRAINT "read_journal_structure_id_partner_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."partner_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "read_journal_owner_at_idx" ON "read_journal" USING btree ("owner_organisation_id","at");--> statement-breakpoint
CREATE INDEX "read_journal_candidate_at_idx" ON "read_journal" USING btree ("candidate_id","at");--> statement-breakpoint
CREATE INDEX "read_journal_actor_at_idx" ON "read_journal" USING btree ("actor_id","at");