CREATE TABLE "payment_request_invoices" (
	"request_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "payment_request_invoices_request_id_invoice_id_pk" PRIMARY KEY("request_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "crm_outbox" ALTER COLUMN "quote_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ALTER COLUMN "quote_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_requests" ALTER COLUMN "return_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "quote_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "partial_invoice_payments" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_outbox" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "contact_id" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "payment_request_invoices" ADD CONSTRAINT "payment_request_invoices_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_invoices" ADD CONSTRAINT "payment_request_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_request_invoices_invoice_id_index" ON "payment_request_invoices" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "crm_outbox" ADD CONSTRAINT "crm_outbox_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_outbox_payment_id_index" ON "crm_outbox" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_payment_id_index" ON "invoice_payments" USING btree ("payment_id");