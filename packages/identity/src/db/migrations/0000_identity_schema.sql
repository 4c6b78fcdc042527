CREATE SCHEMA "identity";
--> statement-breakpoint
CREATE TABLE "identity"."challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"pool_id" text NOT NULL,
	"client_id" text NOT NULL,
	"user_id" uuid,
	"username_key" text NOT NULL,
	"challenge" text NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_challenge" CHECK ("identity"."challenges"."challenge" in ('PASSWORD_VERIFIER', 'NEW_PASSWORD_REQUIRED', 'SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'SELECT_MFA_TYPE', 'MFA_SETUP'))
);
--> statement-breakpoint
CREATE TABLE "identity"."clients" (
	"id" text PRIMARY KEY NOT NULL,
	"pool_id" text NOT NULL,
	"name" text NOT NULL,
	"callback_urls" jsonb NOT NULL,
	"logout_urls" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."codes" (
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codes_user_id_purpose_pk" PRIMARY KEY("user_id","purpose")
);
--> statement-breakpoint
CREATE TABLE "identity"."groups" (
	"pool_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"precedence" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_pool_id_name_pk" PRIMARY KEY("pool_id","name")
);
--> statement-breakpoint
CREATE TABLE "identity"."lockouts" (
	"pool_id" text NOT NULL,
	"username_key" text NOT NULL,
	"kind" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "lockouts_pool_id_username_key_kind_pk" PRIMARY KEY("pool_id","username_key","kind")
);
--> statement-breakpoint
CREATE TABLE "identity"."outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity"."outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pool_id" text NOT NULL,
	"username" text NOT NULL,
	"kind" text NOT NULL,
	"destination" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"pool_id" text NOT NULL,
	"client_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"scopes" jsonb NOT NULL,
	"auth_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_refreshTokenHash_unique" UNIQUE("refresh_token_hash")
);
--> statement-breakpoint
CREATE TABLE "identity"."signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"pool_id" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity"."user_groups" (
	"user_id" uuid NOT NULL,
	"pool_id" text NOT NULL,
	"group_name" text NOT NULL,
	CONSTRAINT "user_groups_user_id_group_name_pk" PRIMARY KEY("user_id","group_name")
);
--> statement-breakpoint
CREATE TABLE "identity"."user_pools" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mfa_configuration" text DEFAULT 'OPTIONAL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_pools_mfa_configuration" CHECK ("identity"."user_pools"."mfa_configuration" in ('OFF', 'OPTIONAL', 'ON'))
);
--> statement-breakpoint
CREATE TABLE "identity"."users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pool_id" text NOT NULL,
	"username" text NOT NULL,
	"username_key" text NOT NULL,
	"status" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"password_hash" text,
	"srp_salt" text,
	"srp_verifier" text,
	"password_expires_at" timestamp with time zone,
	"attributes" jsonb NOT NULL,
	"sms_mfa_enabled" boolean DEFAULT false NOT NULL,
	"totp_mfa_enabled" boolean DEFAULT false NOT NULL,
	"preferred_mfa" text,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_last_step" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_status" CHECK ("identity"."users"."status" in ('UNCONFIRMED', 'CONFIRMED', 'EXTERNAL_PROVIDER', 'UNKNOWN', 'RESET_REQUIRED', 'FORCE_CHANGE_PASSWORD')),
	CONSTRAINT "users_preferred_mfa" CHECK ("identity"."users"."preferred_mfa" is null or "identity"."users"."preferred_mfa" in ('SMS_MFA', 'SOFTWARE_TOKEN_MFA'))
);
--> statement-breakpoint
ALTER TABLE "identity"."challenges" ADD CONSTRAINT "challenges_pool_id_user_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "identity"."user_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."challenges" ADD CONSTRAINT "challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."clients" ADD CONSTRAINT "clients_pool_id_user_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "identity"."user_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."codes" ADD CONSTRAINT "codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."groups" ADD CONSTRAINT "groups_pool_id_user_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "identity"."user_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."signing_keys" ADD CONSTRAINT "signing_keys_pool_id_user_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "identity"."user_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."user_groups" ADD CONSTRAINT "user_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."user_groups" ADD CONSTRAINT "user_groups_pool_id_group_name_groups_pool_id_name_fk" FOREIGN KEY ("pool_id","group_name") REFERENCES "identity"."groups"("pool_id","name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD CONSTRAINT "users_pool_id_user_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "identity"."user_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_expires_at_index" ON "identity"."challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "clients_pool_id_index" ON "identity"."clients" USING btree ("pool_id");--> statement-breakpoint
CREATE INDEX "outbox_pool_id_username_index" ON "identity"."outbox" USING btree ("pool_id","username");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "identity"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "signing_keys_pool_id_index" ON "identity"."signing_keys" USING btree ("pool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_pool_id_username_key_index" ON "identity"."users" USING btree ("pool_id","username_key");