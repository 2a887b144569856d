ALTER TABLE "data_exports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "data_exports_running_idx" ON "data_exports" USING btree ("heartbeat_at") WHERE status = 'running';