ALTER TABLE "identity"."user_pools" ADD COLUMN "email_from" text;--> statement-breakpoint
ALTER TABLE "identity"."user_pools" ADD COLUMN "email_reply_to" text;