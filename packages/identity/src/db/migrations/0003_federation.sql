CREATE TABLE "identity"."federation_requests" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"pool_id" text NOT NULL,
	"client_id" text NOT NULL,
	"provider_name" text NOT NULL,
	"grant" jsonb NOT NULL,
	"code_verifier" text,
	"nonce" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."identity_providers" (
	"pool_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_providers_pool_id_name_pk" PRIMARY KEY("pool_id","name"),
	CONSTRAINT "identity_providers_type" CHECK ("identity"."identity_providers"."type" in ('OIDC', 'SAML'))
);
--> statement-breakpoint
ALTER TABLE "identity"."identity_providers" ADD CONSTRAINT "identity_providers_pool_id_user_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "identity"."user_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "federation_requests_expires_at_index" ON "identity"."federation_requests" USING btree ("expires_at");