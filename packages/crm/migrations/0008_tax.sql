ALTER TABLE "accounts" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "tax" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "tax_status" text DEFAULT 'NotCalculated' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "tax_details" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "avatax_address_validation" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_tax_status_check" CHECK ("quotes"."tax_status" in ('NotCalculated', 'Calculated', 'Committed'));