CREATE TABLE "quote_line_items" (
	"id" text PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"catalog_item_id" text NOT NULL,
	"qty" integer NOT NULL,
	"offer_id" text,
	"offer_type" text,
	"offer_discount" numeric(12, 2),
	"applied_on_field" text,
	"rp_id" text,
	"qty_tier_amt" numeric(12, 2),
	"unit_price" numeric(12, 2) NOT NULL,
	"list_price" numeric(12, 2) NOT NULL,
	"line_total" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_line_items_qty_check" CHECK ("quote_line_items"."qty" >= 1)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"account_id" text NOT NULL,
	"contact_id" text,
	"ship_to_account_id" text,
	"guest_secret_hash" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"checked_out" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"subtotal" numeric(12, 2) DEFAULT 0 NOT NULL,
	"discount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"shipping_address" text,
	"shipping_address2" text,
	"shipping_city" text,
	"shipping_state" text,
	"shipping_zip" text,
	"shipping_country" text,
	"shipping_location_id" text,
	"shipping_location_name" text,
	"shipping_contact_name" text,
	"shipping_contact_email" text,
	"shipping_contact_phone" text,
	"billing_address1" text,
	"billing_city" text,
	"billing_state" text,
	"billing_zip" text,
	"billing_country" text,
	"billing_email" text,
	"billing_phone" text,
	"billing_contact_name" text,
	"billing_contact_email" text,
	"billing_contact_phone" text,
	"bill_to_account_id" text,
	"deliver_to_address" text,
	"deliver_to_address2" text,
	"deliver_to_city" text,
	"deliver_to_state" text,
	"deliver_to_zip" text,
	"deliver_to_country" text,
	"deliver_to_account_id" text,
	"shipping_carrier" text,
	"shipping_service" text,
	"shipping_amount" numeric(12, 2),
	"customer_shipping_account" text,
	"pay_online_terms" text,
	"po_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('Active', 'Inactive'))
);
--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD CONSTRAINT "quote_line_items_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD CONSTRAINT "quote_line_items_catalog_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalog_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD CONSTRAINT "quote_line_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_ship_to_account_id_accounts_id_fk" FOREIGN KEY ("ship_to_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_bill_to_account_id_accounts_id_fk" FOREIGN KEY ("bill_to_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_deliver_to_account_id_accounts_id_fk" FOREIGN KEY ("deliver_to_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_line_items_quote_id_catalog_item_id_index" ON "quote_line_items" USING btree ("quote_id","catalog_item_id");--> statement-breakpoint
CREATE INDEX "quotes_account_id_status_checked_out_created_at_index" ON "quotes" USING btree ("account_id","status","checked_out","created_at");