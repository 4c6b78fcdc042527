CREATE TABLE "identity"."saml_assertions" (
	"pool_id" text NOT NULL,
	"provider_name" text NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saml_assertions_pool_id_provider_name_assertion_id_pk" PRIMARY KEY("pool_id","provider_name","assertion_id")
);
--> statement-breakpoint
ALTER TABLE "identity"."federation_requests" ADD COLUMN "saml_request_id" text;--> statement-breakpoint
CREATE INDEX "saml_assertions_expires_at_index" ON "identity"."saml_assertions" USING btree ("expires_at");