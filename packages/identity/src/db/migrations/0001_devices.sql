CREATE TABLE "identity"."devices" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"group_key" text NOT NULL,
	"name" text,
	"srp_salt" text,
	"srp_verifier" text,
	"confirmed" boolean DEFAULT false NOT NULL,
	"remembered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_authenticated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity"."user_pools" ADD COLUMN "device_tracking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_user_id_index" ON "identity"."devices" USING btree ("user_id");