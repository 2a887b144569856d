CREATE TABLE "workshop_invited_counts" (
	"workshop_id" uuid PRIMARY KEY NOT NULL,
	"invited_marked" integer DEFAULT 0 NOT NULL,
	"invited_absent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workshop_invited_counts" ADD CONSTRAINT "workshop_invited_counts_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;