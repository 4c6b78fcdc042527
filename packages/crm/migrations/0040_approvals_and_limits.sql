CREATE TABLE "approval_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"account_id" text NOT NULL,
	"quote_id" text NOT NULL,
	"buyer_contact_id" text NOT NULL,
	"template_id" text NOT NULL,
	"currency" text NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"reasons" jsonb NOT NULL,
	"approver_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"approved_total" numeric(12, 2),
	"buyer_to_finish" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"comment" text,
	"order_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_requests_status_check" CHECK ("approval_requests"."status" in ('Pending', 'Approved', 'Rejected', 'Placed'))
);
--> statement-breakpoint
CREATE TABLE "contact_user_types" (
	"contact_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_type" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spending_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"contact_id" text,
	"user_type" text,
	"order_limit" numeric(12, 2),
	"monthly_limit" numeric(12, 2),
	"approver_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spending_limits_subject_check" CHECK (("spending_limits"."contact_id" is null) <> ("spending_limits"."user_type" is null))
);
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_user_types" ADD CONSTRAINT "contact_user_types_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_limits" ADD CONSTRAINT "spending_limits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_account_id_status_created_at_index" ON "approval_requests" USING btree ("account_id","status","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_quote_id_index" ON "approval_requests" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_open_quote_index" ON "approval_requests" USING btree ("quote_id") WHERE "approval_requests"."status" in ('Pending', 'Approved');--> statement-breakpoint
CREATE UNIQUE INDEX "spending_limits_account_id_contact_id_index" ON "spending_limits" USING btree ("account_id","contact_id") WHERE "spending_limits"."contact_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "spending_limits_account_id_user_type_index" ON "spending_limits" USING btree ("account_id","user_type") WHERE "spending_limits"."user_type" is not null;