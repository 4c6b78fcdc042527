ALTER TABLE "contacts" ADD COLUMN "aws_user_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "portal_user_active" boolean DEFAULT false NOT NULL;