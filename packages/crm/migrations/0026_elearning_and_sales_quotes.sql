CREATE TABLE "course_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"location" text NOT NULL,
	"seats" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"objectives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"level" text NOT NULL,
	"format" text NOT NULL,
	"duration_hours" integer NOT NULL,
	"model_skus" text[] NOT NULL,
	CONSTRAINT "courses_level_check" CHECK ("courses"."level" in ('Introductory', 'Intermediate', 'Advanced')),
	CONSTRAINT "courses_format_check" CHECK ("courses"."format" in ('On-site', 'Virtual', 'Self-paced'))
);
--> statement-breakpoint
CREATE TABLE "enrolment_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"account_id" text NOT NULL,
	"contact_id" text,
	"course_id" text NOT NULL,
	"session_id" text,
	"attendees" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrolment_requests_status_check" CHECK ("enrolment_requests"."status" in ('Requested', 'Confirmed', 'Declined'))
);
--> statement-breakpoint
CREATE TABLE "prepared_quote_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"prepared_quote_id" text NOT NULL,
	"position" integer NOT NULL,
	"catalog_item_id" text NOT NULL,
	"qty" integer NOT NULL,
	"agreed_unit_price" numeric(12, 2) NOT NULL,
	"note" text,
	CONSTRAINT "prepared_quote_lines_qty_check" CHECK ("prepared_quote_lines"."qty" >= 1)
);
--> statement-breakpoint
CREATE TABLE "prepared_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"account_id" text NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"prepared_by" text NOT NULL,
	"prepared_by_email" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"valid_until" date NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"taken_at" timestamp with time zone,
	"taken_by_contact_id" text,
	"cart_quote_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prepared_quotes_status_check" CHECK ("prepared_quotes"."status" in ('Open', 'Taken', 'Withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD COLUMN "agreed_unit_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "course_sessions" ADD CONSTRAINT "course_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_requests" ADD CONSTRAINT "enrolment_requests_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_requests" ADD CONSTRAINT "enrolment_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_requests" ADD CONSTRAINT "enrolment_requests_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_requests" ADD CONSTRAINT "enrolment_requests_session_id_course_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."course_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_quote_lines" ADD CONSTRAINT "prepared_quote_lines_prepared_quote_id_prepared_quotes_id_fk" FOREIGN KEY ("prepared_quote_id") REFERENCES "public"."prepared_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_quote_lines" ADD CONSTRAINT "prepared_quote_lines_catalog_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalog_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_quotes" ADD CONSTRAINT "prepared_quotes_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_quotes" ADD CONSTRAINT "prepared_quotes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_quotes" ADD CONSTRAINT "prepared_quotes_cart_quote_id_quotes_id_fk" FOREIGN KEY ("cart_quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_sessions_course_id_starts_on_index" ON "course_sessions" USING btree ("course_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_storefront_id_code_index" ON "courses" USING btree ("storefront_id","code");--> statement-breakpoint
CREATE INDEX "enrolment_requests_account_id_course_id_index" ON "enrolment_requests" USING btree ("account_id","course_id");--> statement-breakpoint
CREATE INDEX "enrolment_requests_session_id_index" ON "enrolment_requests" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prepared_quote_lines_prepared_quote_id_catalog_item_id_index" ON "prepared_quote_lines" USING btree ("prepared_quote_id","catalog_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prepared_quotes_number_index" ON "prepared_quotes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "prepared_quotes_account_id_status_index" ON "prepared_quotes" USING btree ("account_id","status");