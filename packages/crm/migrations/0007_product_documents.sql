-- Specifications and hazard statements of catalogue items, and the lots of each product (by SKU).
CREATE TABLE "product_lots" (
	"organisation_id" text NOT NULL,
	"sku" text NOT NULL,
	"lot_number" text NOT NULL,
	"manufactured_on" date NOT NULL,
	"expires_on" date NOT NULL,
	CONSTRAINT "product_lots_organisation_id_sku_lot_number_pk" PRIMARY KEY("organisation_id","sku","lot_number"),
	CONSTRAINT "product_lots_dates_check" CHECK ("product_lots"."expires_on" > "product_lots"."manufactured_on")
);
--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD COLUMN "specifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD COLUMN "hazards" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_lots" ADD CONSTRAINT "product_lots_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;