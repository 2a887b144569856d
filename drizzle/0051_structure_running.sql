CREATE TABLE "structure_account_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"structure_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"requested_by_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "journal_retention_months" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "two_factor_for_sensitive" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "structure_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "structure_account_requests" ADD CONSTRAINT "structure_account_requests_structure_id_partner_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."partner_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structure_account_requests" ADD CONSTRAINT "structure_account_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "structure_account_requests_structure_idx" ON "structure_account_requests" USING btree ("structure_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "structure_account_requests_pending_uq" ON "structure_account_requests" USING btree ("structure_id","email") WHERE status = 'pending';--> statement-breakpoint
-- Issue 37 §1: each structure that already has partner users is run by its first one (the earliest created, not disabled).
UPDATE "user" SET "structure_admin" = true
WHERE "id" IN (
  SELECT DISTINCT ON ("structure_id") "id" FROM "user"
  WHERE "role" = 'fullPartner' AND "structure_id" IS NOT NULL AND NOT "disabled"
  ORDER BY "structure_id", "created_at", "id"
);
