CREATE TABLE "operations_idempotency" (
	"storefront_id" text NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_sha256" text NOT NULL,
	"status" integer,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operations_idempotency_storefront_id_key_pk" PRIMARY KEY("storefront_id","key")
);
--> statement-breakpoint
CREATE TABLE "operations_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operations_idempotency" ADD CONSTRAINT "operations_idempotency_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations_keys" ADD CONSTRAINT "operations_keys_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operations_idempotency_created_at_index" ON "operations_idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operations_keys_storefront_id_index" ON "operations_keys" USING btree ("storefront_id");