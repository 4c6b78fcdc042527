CREATE TABLE "crm_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"quote_id" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attachment_file_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"quote_id" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"pdf_file_id" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_uploads" DROP CONSTRAINT "file_uploads_related_to_check";--> statement-breakpoint
ALTER TABLE "quote_files" DROP CONSTRAINT "quote_files_related_to_check";--> statement-breakpoint
ALTER TABLE "crm_outbox" ADD CONSTRAINT "crm_outbox_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_outbox" ADD CONSTRAINT "crm_outbox_attachment_file_id_quote_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."quote_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pdf_file_id_quote_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."quote_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_outbox_quote_id_kind_index" ON "crm_outbox" USING btree ("quote_id","kind");--> statement-breakpoint
CREATE INDEX "crm_outbox_sent_at_index" ON "crm_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_index" ON "orders" USING btree ("order_number");--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_related_to_check" CHECK ("file_uploads"."related_to" in ('QPO', 'QPDF'));--> statement-breakpoint
ALTER TABLE "quote_files" ADD CONSTRAINT "quote_files_related_to_check" CHECK ("quote_files"."related_to" in ('QPO', 'QPDF'));