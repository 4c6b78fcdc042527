ALTER TABLE "storefronts" ADD COLUMN "mail_from" text;--> statement-breakpoint
ALTER TABLE "storefronts" ADD COLUMN "mail_reply_to" text;