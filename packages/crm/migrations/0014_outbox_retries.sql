DROP INDEX "crm_outbox_sent_at_index";--> statement-breakpoint
ALTER TABLE "crm_outbox" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "crm_outbox_sent_at_next_attempt_at_index" ON "crm_outbox" USING btree ("sent_at","next_attempt_at");