CREATE TABLE "contact_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"notification_id" text NOT NULL,
	"account_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"target_template_page" text,
	"record_number" text,
	"read_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_notifications" ADD CONSTRAINT "contact_notifications_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notifications" ADD CONSTRAINT "contact_notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_notifications_notification_id_contact_id_index" ON "contact_notifications" USING btree ("notification_id","contact_id");--> statement-breakpoint
CREATE INDEX "contact_notifications_contact_id_account_id_created_at_index" ON "contact_notifications" USING btree ("contact_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_account_id_index" ON "notifications" USING btree ("account_id");