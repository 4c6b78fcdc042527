CREATE TABLE "product_stock" (
	"organisation_id" text NOT NULL,
	"sku" text NOT NULL,
	"warehouse" text NOT NULL,
	"quantity" integer NOT NULL,
	"lead_time_days" integer NOT NULL,
	CONSTRAINT "product_stock_organisation_id_sku_warehouse_pk" PRIMARY KEY("organisation_id","sku","warehouse"),
	CONSTRAINT "product_stock_values_check" CHECK ("product_stock"."quantity" >= 0 and "product_stock"."lead_time_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD COLUMN "documents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD COLUMN "discontinued" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD COLUMN "replacement_sku" text;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;