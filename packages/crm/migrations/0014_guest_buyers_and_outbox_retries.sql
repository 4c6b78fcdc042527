CREATE TABLE "contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "crm_outbox_sent_at_index";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "is_prospect" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_outbox" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_account_id_index" ON "contacts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "crm_outbox_sent_at_next_attempt_at_index" ON "crm_outbox" USING btree ("sent_at","next_attempt_at");