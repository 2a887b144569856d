CREATE TABLE "user_home_visits" (
	"user_id" text PRIMARY KEY NOT NULL,
	"visited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_home_visits" ADD CONSTRAINT "user_home_visits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;