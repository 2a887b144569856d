CREATE TABLE "workshop_notice_templates" (
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"updated_by_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_notice_templates_organisation_id_kind_pk" PRIMARY KEY("organisation_id","kind"),
	CONSTRAINT "workshop_notice_templates_kind_ck" CHECK (kind in ('convocation', 'reminder', 'change', 'cancellation', 'promotion'))
);
--> statement-breakpoint
ALTER TABLE "workshop_notice_templates" ADD CONSTRAINT "workshop_notice_templates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_notice_templates" ADD CONSTRAINT "workshop_notice_templates_updated_by_id_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;