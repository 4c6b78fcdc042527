CREATE TABLE "saved_catalogue_filters" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"account_id" text NOT NULL,
	"catalogue_id" text NOT NULL,
	"name" text NOT NULL,
	"category_id" text,
	"search_text" text,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "saved_catalogue_filters" ADD CONSTRAINT "saved_catalogue_filters_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_catalogue_filters" ADD CONSTRAINT "saved_catalogue_filters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_catalogue_filters" ADD CONSTRAINT "saved_catalogue_filters_catalogue_id_catalogues_id_fk" FOREIGN KEY ("catalogue_id") REFERENCES "public"."catalogues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_catalogue_filters" ADD CONSTRAINT "saved_catalogue_filters_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_catalogue_filters_account_name_unique" ON "saved_catalogue_filters" USING btree ("account_id",lower("name"));