CREATE TABLE "payment_method_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"contact_id" text,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"declined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by_contact_id" text,
	"request_id" text,
	"nonce" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_token_unique" UNIQUE("token"),
	CONSTRAINT "payment_methods_requestId_unique" UNIQUE("request_id"),
	CONSTRAINT "payment_methods_nonce_unique" UNIQUE("nonce"),
	CONSTRAINT "payment_methods_brand_check" CHECK ("payment_methods"."brand" in ('American Express', 'Diners Club Carte Blanche', 'Diners Club International', 'JCB', 'Laser', 'Visa Electron', 'Visa', 'MasterCard', 'Discover', 'Credit/Debit')),
	CONSTRAINT "payment_methods_last4_check" CHECK ("payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_methods_exp_month_check" CHECK ("payment_methods"."exp_month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "payment_method_requests" ADD CONSTRAINT "payment_method_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_request_id_payment_method_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_method_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_methods_account_id_created_at_index" ON "payment_methods" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default_per_account" ON "payment_methods" USING btree ("account_id") WHERE "payment_methods"."is_default";