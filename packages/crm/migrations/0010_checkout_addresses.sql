CREATE TABLE "locations" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "parent_account_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "billing_street" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "billing_city" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "billing_state" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "billing_postal_code" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "billing_country" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "shipping_street" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "shipping_city" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "shipping_state" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "shipping_postal_code" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "shipping_country" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "billing_address2" text;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_account_id_name_index" ON "locations" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_one_default_per_account" ON "locations" USING btree ("account_id") WHERE "locations"."is_default";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_account_id_accounts_id_fk" FOREIGN KEY ("parent_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_parent_account_id_index" ON "accounts" USING btree ("parent_account_id");