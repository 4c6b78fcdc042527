CREATE TABLE "identity"."demo_provider_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"private_key" text NOT NULL,
	"certificate" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
