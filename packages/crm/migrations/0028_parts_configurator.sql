CREATE TABLE "installed_components" (
	"id" text PRIMARY KEY NOT NULL,
	"install_base_id" text NOT NULL,
	"part_number" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"serial_number" text,
	"condition" text DEFAULT 'Good' NOT NULL,
	"linked_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installed_components_condition_check" CHECK ("installed_components"."condition" in ('Good', 'Worn'))
);
--> statement-breakpoint
CREATE TABLE "model_components" (
	"id" text PRIMARY KEY NOT NULL,
	"model_sku" text NOT NULL,
	"parent_id" text,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"part_number" text,
	"name" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "model_components_kind_check" CHECK ("model_components"."kind" in ('Assembly', 'Module', 'Spare part', 'Consumable', 'Kit'))
);
--> statement-breakpoint
CREATE TABLE "part_supersessions" (
	"part_number" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"successor_sku" text NOT NULL,
	"reason" text NOT NULL,
	"superseded_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "installed_components" ADD CONSTRAINT "installed_components_install_base_id_install_base_id_fk" FOREIGN KEY ("install_base_id") REFERENCES "public"."install_base"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_components" ADD CONSTRAINT "model_components_parent_id_model_components_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."model_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installed_components_install_base_id_index" ON "installed_components" USING btree ("install_base_id");--> statement-breakpoint
CREATE INDEX "model_components_model_sku_position_index" ON "model_components" USING btree ("model_sku","position");--> statement-breakpoint
CREATE INDEX "model_components_part_number_index" ON "model_components" USING btree ("part_number");