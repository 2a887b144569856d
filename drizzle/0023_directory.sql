CREATE TYPE "public"."job_offer_status" AS ENUM('open', 'filled', 'closed');--> statement-breakpoint
CREATE TYPE "public"."placement_status" AS ENUM('proposed', 'interview', 'hired', 'refused', 'abandoned');--> statement-breakpoint
CREATE TABLE "organisation_partner_structures" (
	"organisation_id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_partner_structures_pk" PRIMARY KEY("organisation_id","structure_id")
);
--> statement-breakpoint
CREATE TABLE "enterprise_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"phone" text,
	"email" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_placement_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"placement_id" uuid NOT NULL,
	"status" "placement_status" NOT NULL,
	"interview_at" timestamp with time zone,
	"reason" text,
	"actor_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"job_offer_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"status" "placement_status" DEFAULT 'proposed' NOT NULL,
	"interview_at" timestamp with time zone,
	"reason" text,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_placements_offer_candidate_uq" UNIQUE("job_offer_id","candidate_id")
);
--> statement-breakpoint
DROP INDEX "enterprises_organisation_idx";--> statement-breakpoint
DROP INDEX "job_offers_organisation_idx";--> statement-breakpoint
ALTER TABLE "partner_structures" ADD COLUMN "siret" text;--> statement-breakpoint
ALTER TABLE "partner_structures" ADD COLUMN "presentation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_structures" ADD COLUMN "search_text" text GENERATED ALWAYS AS (passerelle_unaccent(lower(name || ' ' || coalesce(siret, '')))) STORED;--> statement-breakpoint
ALTER TABLE "partner_structures" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "naf_code" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "search_text" text GENERATED ALWAYS AS (passerelle_unaccent(lower(name || ' ' || coalesce(siret, '') || ' ' || coalesce(address_formatted, '')))) STORED;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "rome_code" text;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "working_time" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "weekly_hours" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "positions" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "positions_filled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "salary_min" integer;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "salary_max" integer;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "status" "job_offer_status" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (passerelle_unaccent(lower(title || ' ' || coalesce(rome_code, '')))) STORED;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "created_by_id" text;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "social_offers" ADD COLUMN "created_by_id" text;--> statement-breakpoint
ALTER TABLE "organisation_partner_structures" ADD CONSTRAINT "organisation_partner_structures_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_partner_structures" ADD CONSTRAINT "organisation_partner_structures_structure_id_partner_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."partner_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_contacts" ADD CONSTRAINT "enterprise_contacts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_placement_events" ADD CONSTRAINT "job_placement_events_placement_id_job_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."job_placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_placement_events" ADD CONSTRAINT "job_placement_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_placements" ADD CONSTRAINT "job_placements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_placements" ADD CONSTRAINT "job_placements_job_offer_id_job_offers_id_fk" FOREIGN KEY ("job_offer_id") REFERENCES "public"."job_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_placements" ADD CONSTRAINT "job_placements_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_placements" ADD CONSTRAINT "job_placements_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_partner_structures_structure_idx" ON "organisation_partner_structures" USING btree ("structure_id");--> statement-breakpoint
CREATE INDEX "enterprise_contacts_enterprise_idx" ON "enterprise_contacts" USING btree ("enterprise_id","position");--> statement-breakpoint
CREATE INDEX "job_placement_events_placement_idx" ON "job_placement_events" USING btree ("placement_id","at");--> statement-breakpoint
CREATE INDEX "job_placements_organisation_candidate_idx" ON "job_placements" USING btree ("organisation_id","candidate_id");--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_offers" ADD CONSTRAINT "social_offers_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_structures_siret_uq" ON "partner_structures" USING btree ("siret") WHERE siret is not null;--> statement-breakpoint
CREATE INDEX "partner_structures_search_trgm_idx" ON "partner_structures" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "challenges_organisation_idx" ON "challenges" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprises_organisation_siret_uq" ON "enterprises" USING btree ("organisation_id","siret") WHERE siret is not null;--> statement-breakpoint
CREATE INDEX "enterprises_search_trgm_idx" ON "enterprises" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_offers_organisation_created_idx" ON "job_offers" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_offers_enterprise_idx" ON "job_offers" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "job_offers_search_trgm_idx" ON "job_offers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enterprises_organisation_idx" ON "enterprises" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "job_offers_organisation_idx" ON "job_offers" USING btree ("organisation_id","title","id");--> statement-breakpoint
INSERT INTO organisation_partner_structures (organisation_id, structure_id, created_at)
SELECT organisation_id, id, created_at FROM partner_structures WHERE organisation_id IS NOT NULL ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO enterprise_contacts (enterprise_id, name, phone, email, position)
SELECT id, contact_name, contact_phone, contact_email, 0 FROM enterprises WHERE contact_name IS NOT NULL;
--> statement-breakpoint
INSERT INTO challenges (organisation_id, name, icon, tags, position)
SELECT NULL, d.name, d.icon, d.tags, d.position FROM (VALUES
  ('Mobilité', 'car', ARRAY['mobilite', 'permis'], 0),
  ('Logement et hébergement', 'home', ARRAY['logement-hebergement', 'logement'], 1),
  ('Santé', 'heart', ARRAY['sante'], 2),
  ('Famille et garde d’enfants', 'baby', ARRAY['famille'], 3),
  ('Numérique', 'laptop', ARRAY['numerique'], 4),
  ('Difficultés financières', 'wallet', ARRAY['difficultes-financieres', 'gestion-financiere'], 5),
  ('Difficultés administratives ou juridiques', 'scale', ARRAY['difficultes-administratives-ou-juridiques', 'acces-aux-droits-et-citoyennete'], 6),
  ('Langue et savoirs de base', 'languages', ARRAY['lecture-ecriture-calcul', 'apprendre-francais', 'illettrisme'], 7),
  ('Se former', 'graduation-cap', ARRAY['se-former'], 8),
  ('Trouver un emploi', 'briefcase', ARRAY['trouver-un-emploi', 'preparer-sa-candidature', 'choisir-un-metier'], 9),
  ('Handicap', 'accessibility', ARRAY['handicap'], 10),
  ('Équipement et alimentation', 'shopping-basket', ARRAY['equipement-et-alimentation'], 11),
  ('Remobilisation', 'sparkles', ARRAY['remobilisation', 'accompagnement-social-et-professionnel-personnalise'], 12),
  ('Création d’activité', 'rocket', ARRAY['creation-activite'], 13)
) AS d(name, icon, tags, position)
WHERE NOT EXISTS (SELECT 1 FROM challenges);
