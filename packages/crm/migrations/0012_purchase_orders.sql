CREATE TABLE "file_upload_chunks" (
	"upload_id" text NOT NULL,
	"chunk_index" integer NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "file_upload_chunks_upload_id_chunk_index_pk" PRIMARY KEY("upload_id","chunk_index")
);
--> statement-breakpoint
CREATE TABLE "file_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"related_to" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"chunk_size" integer NOT NULL,
	"chunk_count" integer NOT NULL,
	"received_chunks" integer DEFAULT 0 NOT NULL,
	"public_link" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_uploads_related_to_check" CHECK ("file_uploads"."related_to" in ('QPO'))
);
--> statement-breakpoint
CREATE TABLE "purchase_order_settings" (
	"storefront_id" text PRIMARY KEY NOT NULL,
	"duplicate_check" boolean DEFAULT false NOT NULL,
	"duplicate_message" text
);
--> statement-breakpoint
CREATE TABLE "quote_files" (
	"id" text PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"related_to" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_files_related_to_check" CHECK ("quote_files"."related_to" in ('QPO'))
);
--> statement-breakpoint
ALTER TABLE "file_upload_chunks" ADD CONSTRAINT "file_upload_chunks_upload_id_file_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_settings" ADD CONSTRAINT "purchase_order_settings_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_files" ADD CONSTRAINT "quote_files_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_uploads_created_at_index" ON "file_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_files_quote_id_related_to_index" ON "quote_files" USING btree ("quote_id","related_to");