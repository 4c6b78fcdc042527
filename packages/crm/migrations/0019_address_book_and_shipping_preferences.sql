ALTER TABLE "accounts" ADD COLUMN "preferred_shipping_carrier" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "preferred_shipping_service" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "carrier_account_number" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "email" text DEFAULT '' NOT NULL;