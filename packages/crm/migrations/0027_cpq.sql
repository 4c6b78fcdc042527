CREATE TABLE "configured_group_lines" (
	"line_id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "configured_group_lines_role_check" CHECK ("configured_group_lines"."role" in ('Instrument', 'Option'))
);
--> statement-breakpoint
CREATE TABLE "cpq_option_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"model_sku" text NOT NULL,
	"option_sku" text NOT NULL,
	"rule" text NOT NULL,
	"qty_per_instrument" integer DEFAULT 1 NOT NULL,
	"section" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cpq_option_rules_rule_check" CHECK ("cpq_option_rules"."rule" in ('Needs', 'Suggests')),
	CONSTRAINT "cpq_option_rules_qty_check" CHECK ("cpq_option_rules"."qty_per_instrument" >= 1)
);
--> statement-breakpoint
ALTER TABLE "configured_group_lines" ADD CONSTRAINT "configured_group_lines_line_id_quote_line_items_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."quote_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpq_option_rules" ADD CONSTRAINT "cpq_option_rules_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "configured_group_lines_group_id_index" ON "configured_group_lines" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cpq_option_rules_storefront_id_model_sku_option_sku_index" ON "cpq_option_rules" USING btree ("storefront_id","model_sku","option_sku");