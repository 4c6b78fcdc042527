CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"organisation_id" text NOT NULL,
	"storefront_id" text NOT NULL,
	"is_guest" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"catalogue_id" text
);
--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"id" text PRIMARY KEY NOT NULL,
	"catalogue_id" text NOT NULL,
	"category_id" text NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unit" text NOT NULL,
	"requires_configuration" text,
	"product_template_id" text NOT NULL,
	"list_price" numeric(12, 2) NOT NULL,
	"negotiated_price" numeric(12, 2),
	"price_source" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_action" jsonb,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_items_price_source_check" CHECK ("catalogue_items"."price_source" in ('Catalog Price', 'List Price')),
	CONSTRAINT "catalogue_items_requires_configuration_check" CHECK ("catalogue_items"."requires_configuration" is null or "catalogue_items"."requires_configuration" in ('Needs', 'Suggests', 'Upload Configuration', 'Upload', 'Upload Add'))
);
--> statement-breakpoint
CREATE TABLE "catalogues" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"account_id" text,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"price_source" text NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "catalogues_type_check" CHECK ("catalogues"."type" in ('Full', 'Install Base', 'eCatalog account primary', 'eCatalog account custom', 'eCatalog override')),
	CONSTRAINT "catalogues_price_source_check" CHECK ("catalogues"."price_source" in ('Catalog Price', 'List Price'))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"catalogue_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"parent_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta_items" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"storefront_id" text NOT NULL,
	"template_id" text,
	"account_id" text,
	"key" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_items" (
	"offer_id" text NOT NULL,
	"item_id" text NOT NULL,
	CONSTRAINT "offer_items_offer_id_item_id_pk" PRIMARY KEY("offer_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"offer_type" text NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"applied_on_field" text NOT NULL,
	"valid_from" date,
	"valid_to" date,
	CONSTRAINT "offers_offer_type_check" CHECK ("offers"."offer_type" in ('Percent', 'Amount'))
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"salesforce_org_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quantity_tiers" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"sv" integer NOT NULL,
	"ev" integer,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "quantity_tiers_range_check" CHECK ("quantity_tiers"."sv" >= 1 and ("quantity_tiers"."ev" is null or "quantity_tiers"."ev" >= "quantity_tiers"."sv"))
);
--> statement-breakpoint
CREATE TABLE "storefronts" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"name" text NOT NULL,
	"domain" text NOT NULL,
	"resources_domain" text NOT NULL,
	"aws_user_pool_id" text NOT NULL,
	"client_id" text NOT NULL,
	"client_name" text NOT NULL,
	"guest_account_id" text,
	"sso_info" jsonb,
	"theme_key" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "storefronts_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"name" text NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	"page_type" text,
	"page_category" text,
	"friendly_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"continue_shopping_template" text,
	"portal_home" boolean DEFAULT false NOT NULL,
	"page_title" text,
	"page_meta_tags" jsonb,
	"checkout_override" text,
	"quote_e_document_id" text,
	"trackers" text,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"key" text PRIMARY KEY NOT NULL,
	"storefront" text,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_catalogue_id_catalogues_id_fk" FOREIGN KEY ("catalogue_id") REFERENCES "public"."catalogues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_catalogue_id_catalogues_id_fk" FOREIGN KEY ("catalogue_id") REFERENCES "public"."catalogues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_product_template_id_templates_id_fk" FOREIGN KEY ("product_template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogues" ADD CONSTRAINT "catalogues_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogues" ADD CONSTRAINT "catalogues_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_catalogue_id_catalogues_id_fk" FOREIGN KEY ("catalogue_id") REFERENCES "public"."catalogues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_items" ADD CONSTRAINT "meta_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_items" ADD CONSTRAINT "meta_items_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_items" ADD CONSTRAINT "meta_items_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_items" ADD CONSTRAINT "meta_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_items" ADD CONSTRAINT "offer_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_items" ADD CONSTRAINT "offer_items_item_id_catalogue_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quantity_tiers" ADD CONSTRAINT "quantity_tiers_item_id_catalogue_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefronts" ADD CONSTRAINT "storefronts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefronts" ADD CONSTRAINT "storefronts_guest_account_id_accounts_id_fk" FOREIGN KEY ("guest_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefronts" ADD CONSTRAINT "storefronts_theme_key_themes_key_fk" FOREIGN KEY ("theme_key") REFERENCES "public"."themes"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_storefront_id_index" ON "accounts" USING btree ("storefront_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_items_catalogue_id_sku_index" ON "catalogue_items" USING btree ("catalogue_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_items_catalogue_id_slug_index" ON "catalogue_items" USING btree ("catalogue_id","slug");--> statement-breakpoint
CREATE INDEX "catalogue_items_catalogue_id_category_id_sort_order_index" ON "catalogue_items" USING btree ("catalogue_id","category_id","sort_order");--> statement-breakpoint
CREATE INDEX "catalogue_items_name_trgm" ON "catalogue_items" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_items_sku_trgm" ON "catalogue_items" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_items_short_description_trgm" ON "catalogue_items" USING gin ("short_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogues_storefront_id_type_index" ON "catalogues" USING btree ("storefront_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_catalogue_id_slug_index" ON "categories" USING btree ("catalogue_id","slug");--> statement-breakpoint
CREATE INDEX "meta_items_storefront_id_key_index" ON "meta_items" USING btree ("storefront_id","key");--> statement-breakpoint
CREATE INDEX "offer_items_item_id_index" ON "offer_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "offers_storefront_id_index" ON "offers" USING btree ("storefront_id");--> statement-breakpoint
CREATE INDEX "quantity_tiers_item_id_sv_index" ON "quantity_tiers" USING btree ("item_id","sv");--> statement-breakpoint
CREATE INDEX "templates_storefront_id_name_index" ON "templates" USING btree ("storefront_id","name");