CREATE TABLE "portal_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text,
	"case_id" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"chunk_size" integer NOT NULL,
	"chunk_count" integer NOT NULL,
	"received_chunks" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_attachments_parent_check" CHECK (num_nonnulls("portal_attachments"."request_id", "portal_attachments"."case_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "portal_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text,
	"case_id" text,
	"author" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_comments_author_check" CHECK ("portal_comments"."author" in ('customer', 'support')),
	CONSTRAINT "portal_comments_parent_check" CHECK (num_nonnulls("portal_comments"."request_id", "portal_comments"."case_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "portal_record_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_request_forms" (
	"storefront_id" text PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_request_history" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"status" text NOT NULL,
	"note" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_request_history_status_check" CHECK ("service_request_history"."status" in ('New', 'In progress', 'Waiting on customer', 'Resolved', 'Closed'))
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"storefront_id" text NOT NULL,
	"account_id" text NOT NULL,
	"contact_id" text,
	"created_by_name" text NOT NULL,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"priority" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_status_check" CHECK ("service_requests"."status" in ('New', 'In progress', 'Waiting on customer', 'Resolved', 'Closed')),
	CONSTRAINT "service_requests_priority_check" CHECK ("service_requests"."priority" in ('Low', 'Medium', 'High'))
);
--> statement-breakpoint
CREATE TABLE "support_cases" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"storefront_id" text NOT NULL,
	"account_id" text NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"product" text NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"priority" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_cases_status_check" CHECK ("support_cases"."status" in ('New', 'Working', 'Escalated', 'Closed')),
	CONSTRAINT "support_cases_priority_check" CHECK ("support_cases"."priority" in ('Low', 'Medium', 'High'))
);
--> statement-breakpoint
ALTER TABLE "portal_attachments" ADD CONSTRAINT "portal_attachments_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_attachments" ADD CONSTRAINT "portal_attachments_case_id_support_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."support_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_comments" ADD CONSTRAINT "portal_comments_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_comments" ADD CONSTRAINT "portal_comments_case_id_support_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."support_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_forms" ADD CONSTRAINT "service_request_forms_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_history" ADD CONSTRAINT "service_request_history_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_attachments_request_id_index" ON "portal_attachments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "portal_attachments_case_id_index" ON "portal_attachments" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "portal_comments_request_id_created_at_index" ON "portal_comments" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "portal_comments_case_id_created_at_index" ON "portal_comments" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "service_request_history_request_id_at_index" ON "service_request_history" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_number_index" ON "service_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "service_requests_account_id_created_at_index" ON "service_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_cases_number_index" ON "support_cases" USING btree ("number");--> statement-breakpoint
CREATE INDEX "support_cases_account_id_created_at_index" ON "support_cases" USING btree ("account_id","created_at");