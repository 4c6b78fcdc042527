CREATE TABLE "promo_code_items" (
	"promo_code_id" text NOT NULL,
	"item_id" text NOT NULL,
	CONSTRAINT "promo_code_items_promo_code_id_item_id_pk" PRIMARY KEY("promo_code_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "promo_code_uses" (
	"id" text PRIMARY KEY NOT NULL,
	"promo_code_id" text NOT NULL,
	"quote_id" text NOT NULL,
	"account_id" text NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_uses_quoteId_unique" UNIQUE("quote_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"usage_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"all_items" boolean DEFAULT false NOT NULL,
	CONSTRAINT "promo_codes_kind_check" CHECK ("promo_codes"."kind" in ('Percent', 'Amount')),
	CONSTRAINT "promo_codes_value_check" CHECK ("promo_codes"."value" >= 0 and ("promo_codes"."kind" <> 'Percent' or "promo_codes"."value" <= 100)),
	CONSTRAINT "promo_codes_usage_limit_check" CHECK ("promo_codes"."usage_limit" is null or "promo_codes"."usage_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD COLUMN "promo_applied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD COLUMN "promo_discount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_code_items" ADD CONSTRAINT "promo_code_items_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_items" ADD CONSTRAINT "promo_code_items_item_id_catalogue_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_items_item_id_index" ON "promo_code_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "promo_code_uses_promo_code_id_index" ON "promo_code_uses" USING btree ("promo_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_storefront_code_unique" ON "promo_codes" USING btree ("storefront_id",lower("code"));