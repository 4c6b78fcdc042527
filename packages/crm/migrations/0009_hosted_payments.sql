CREATE TABLE "payment_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"account_id" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"quote_id" text NOT NULL,
	"account_id" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"token" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"decline_reason" text,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_requestId_unique" UNIQUE("request_id"),
	CONSTRAINT "payments_nonce_unique" UNIQUE("nonce"),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('Succeeded', 'Declined')),
	CONSTRAINT "payments_brand_check" CHECK ("payments"."brand" in ('American Express', 'Diners Club Carte Blanche', 'Diners Club International', 'JCB', 'Laser', 'Visa Electron', 'Visa', 'MasterCard', 'Discover', 'Credit/Debit')),
	CONSTRAINT "payments_last4_check" CHECK ("payments"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "pay_online_terms" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_requests_quote_id_index" ON "payment_requests" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "payments_quote_id_created_at_index" ON "payments" USING btree ("quote_id","created_at");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_pay_online_terms_check" CHECK ("accounts"."pay_online_terms" is null or "accounts"."pay_online_terms" in ('Payment Required', 'Payment Optional', 'No Payment'));