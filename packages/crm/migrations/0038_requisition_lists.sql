CREATE TABLE "requisition_list_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"list_id" text NOT NULL,
	"sku" text NOT NULL,
	"qty" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "requisition_list_lines_qty_check" CHECK ("requisition_list_lines"."qty" between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "requisition_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"account_id" text NOT NULL,
	"owner_contact_id" text NOT NULL,
	"name" text NOT NULL,
	"sharing" text DEFAULT 'private' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requisition_lists_sharing_check" CHECK ("requisition_lists"."sharing" in ('private', 'read', 'edit'))
);
--> statement-breakpoint
ALTER TABLE "requisition_list_lines" ADD CONSTRAINT "requisition_list_lines_list_id_requisition_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."requisition_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_lists" ADD CONSTRAINT "requisition_lists_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_lists" ADD CONSTRAINT "requisition_lists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "requisition_list_lines_list_id_sku_index" ON "requisition_list_lines" USING btree ("list_id","sku");--> statement-breakpoint
CREATE INDEX "requisition_lists_account_id_owner_contact_id_index" ON "requisition_lists" USING btree ("account_id","owner_contact_id");