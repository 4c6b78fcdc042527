CREATE TABLE "shipping_profiles" (
	"organisation_id" text NOT NULL,
	"sku" text NOT NULL,
	"shippable" boolean NOT NULL,
	"weight_kg" numeric(8, 3) NOT NULL,
	"length_cm" numeric(6, 1) NOT NULL,
	"width_cm" numeric(6, 1) NOT NULL,
	"height_cm" numeric(6, 1) NOT NULL,
	"cold_chain" text NOT NULL,
	"hazard_class" text,
	CONSTRAINT "shipping_profiles_organisation_id_sku_pk" PRIMARY KEY("organisation_id","sku"),
	CONSTRAINT "shipping_profiles_cold_chain_check" CHECK ("shipping_profiles"."cold_chain" in ('none', 'cold-packs', 'dry-ice')),
	CONSTRAINT "shipping_profiles_size_check" CHECK ("shipping_profiles"."weight_kg" >= 0 and "shipping_profiles"."length_cm" >= 0 and "shipping_profiles"."width_cm" >= 0 and "shipping_profiles"."height_cm" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "shipping_surcharge" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "shipping_rate_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "customer_carrier_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_profiles" ADD CONSTRAINT "shipping_profiles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;