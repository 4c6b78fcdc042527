CREATE TABLE "account_selections" (
	"storefront_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"selected_account_id" text,
	"ship_to_account_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_selections_storefront_id_contact_id_pk" PRIMARY KEY("storefront_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "portal_accessible_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"master_account_id" text NOT NULL,
	"related_account_id" text NOT NULL,
	"portal_context" boolean DEFAULT false NOT NULL,
	"ship_to" boolean DEFAULT false NOT NULL,
	CONSTRAINT "portal_accessible_accounts_not_self" CHECK ("portal_accessible_accounts"."master_account_id" <> "portal_accessible_accounts"."related_account_id")
);
--> statement-breakpoint
ALTER TABLE "account_selections" ADD CONSTRAINT "account_selections_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_selections" ADD CONSTRAINT "account_selections_selected_account_id_accounts_id_fk" FOREIGN KEY ("selected_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_selections" ADD CONSTRAINT "account_selections_ship_to_account_id_accounts_id_fk" FOREIGN KEY ("ship_to_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_accessible_accounts" ADD CONSTRAINT "portal_accessible_accounts_master_account_id_accounts_id_fk" FOREIGN KEY ("master_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_accessible_accounts" ADD CONSTRAINT "portal_accessible_accounts_related_account_id_accounts_id_fk" FOREIGN KEY ("related_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_accessible_accounts_master_account_id_related_account_id_index" ON "portal_accessible_accounts" USING btree ("master_account_id","related_account_id");--> statement-breakpoint
CREATE INDEX "portal_accessible_accounts_related_account_id_index" ON "portal_accessible_accounts" USING btree ("related_account_id");