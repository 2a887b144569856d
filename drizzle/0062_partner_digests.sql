CREATE TABLE "partner_digests" (
	"user_id" text NOT NULL,
	"period" text NOT NULL,
	"mode" text NOT NULL,
	"listed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_digests_pk" PRIMARY KEY("user_id","period")
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "prescription_mails" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_digests" ADD CONSTRAINT "partner_digests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_prescription_mails_check" CHECK ("user"."prescription_mails" in ('perPrescription', 'daily', 'weekly'));