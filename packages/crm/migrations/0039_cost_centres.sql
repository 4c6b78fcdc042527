CREATE TABLE "cost_centre_settings" (
	"account_id" text PRIMARY KEY NOT NULL,
	"required" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_centres" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"owner_contact_id" text,
	"budget" numeric(12, 2),
	"valid_from" date,
	"valid_until" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_centres_budget_check" CHECK ("cost_centres"."budget" is null or "cost_centres"."budget" >= 0),
	CONSTRAINT "cost_centres_validity_check" CHECK ("cost_centres"."valid_from" is null or "cost_centres"."valid_until" is null or "cost_centres"."valid_from" <= "cost_centres"."valid_until")
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "cost_centre_id" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "cost_centre_code" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "cost_centre_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cost_centre_code" text;--> statement-breakpoint
ALTER TABLE "cost_centre_settings" ADD CONSTRAINT "cost_centre_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centres" ADD CONSTRAINT "cost_centres_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centres" ADD CONSTRAINT "cost_centres_owner_contact_id_contacts_id_fk" FOREIGN KEY ("owner_contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centres_account_code" ON "cost_centres" USING btree ("account_id",lower("code"));--> statement-breakpoint
CREATE INDEX "cost_centres_account_id_active_index" ON "cost_centres" USING btree ("account_id","active");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_cost_centre_id_cost_centres_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centres"("id") ON DELETE no action ON UPDATE no action;