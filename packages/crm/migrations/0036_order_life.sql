CREATE TABLE "order_status_history" (
	"quote_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"by" text NOT NULL,
	"note" text,
	CONSTRAINT "order_status_history_quote_id_version_pk" PRIMARY KEY("quote_id","version"),
	CONSTRAINT "order_status_history_status_check" CHECK ("order_status_history"."status" in ('placed', 'confirmed', 'partially_shipped', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "order_status_history_actor_check" CHECK ("order_status_history"."actor" in ('erp', 'buyer', 'storefront'))
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"shipment_id" text NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"lot_number" text,
	CONSTRAINT "shipment_lines_shipment_id_position_pk" PRIMARY KEY("shipment_id","position"),
	CONSTRAINT "shipment_lines_quantity_check" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"carrier" text NOT NULL,
	"service" text,
	"tracking_number" text NOT NULL,
	"tracking_url" text,
	"shipped_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "crm_outbox_quote_id_kind_index";--> statement-breakpoint
ALTER TABLE "crm_outbox" ADD COLUMN "shipment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'placed' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erp_order_number" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_quote_id_orders_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."orders"("quote_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_quote_id_orders_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."orders"("quote_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_quote_id_index" ON "shipments" USING btree ("quote_id");--> statement-breakpoint
ALTER TABLE "crm_outbox" ADD CONSTRAINT "crm_outbox_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_outbox_shipment_id_index" ON "crm_outbox" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "orders_placed_at_index" ON "orders" USING btree ("placed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_outbox_quote_id_kind_index" ON "crm_outbox" USING btree ("quote_id","kind") WHERE "crm_outbox"."shipment_id" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('placed', 'confirmed', 'partially_shipped', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
-- Orders placed before the order's life was recorded start their timeline with being placed by their buyer.
INSERT INTO "order_status_history" ("quote_id", "version", "status", "at", "actor", "by", "note")
SELECT o."quote_id", 1, 'placed', o."placed_at", 'buyer',
  coalesce(nullif(trim(c."first_name" || ' ' || c."last_name"), ''), q."billing_contact_name", a."name"), NULL
FROM "orders" o
JOIN "quotes" q ON q."id" = o."quote_id"
JOIN "accounts" a ON a."id" = q."account_id"
LEFT JOIN "contacts" c ON c."id" = q."contact_id";
