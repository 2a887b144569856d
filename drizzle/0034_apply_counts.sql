CREATE TABLE "social_apply_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"social_offer_id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"state" "apply_state" NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_apply_counts" (
	"social_offer_id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"state" "apply_state" NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "social_apply_counts_pk" PRIMARY KEY("social_offer_id","structure_id","state")
);
--> statement-breakpoint
CREATE INDEX "social_apply_count_deltas_offer_idx" ON "social_apply_count_deltas" USING btree ("social_offer_id","structure_id","state");