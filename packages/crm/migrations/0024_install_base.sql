CREATE TABLE "install_base" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"account_id" text NOT NULL,
	"model_sku" text NOT NULL,
	"model_name" text NOT NULL,
	"serial_number" text NOT NULL,
	"site" text NOT NULL,
	"installed_on" date NOT NULL,
	"service_contract" text,
	"contract_ends_on" date,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "install_base_status_check" CHECK ("install_base"."status" in ('Active', 'Decommissioned'))
);
--> statement-breakpoint
ALTER TABLE "install_base" ADD CONSTRAINT "install_base_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_base" ADD CONSTRAINT "install_base_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "install_base_serial_number_index" ON "install_base" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "install_base_account_id_status_index" ON "install_base" USING btree ("account_id","status");