CREATE TABLE "knowledge_article_models" (
	"article_id" text NOT NULL,
	"model_sku" text NOT NULL,
	"model_name" text NOT NULL,
	CONSTRAINT "knowledge_article_models_article_id_model_sku_pk" PRIMARY KEY("article_id","model_sku")
);
--> statement-breakpoint
CREATE TABLE "knowledge_articles" (
	"id" text PRIMARY KEY NOT NULL,
	"storefront_id" text NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"symptoms" text NOT NULL,
	"cause" text NOT NULL,
	"resolution" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, symptoms), 'B') || setweight(to_tsvector('english'::regconfig, cause), 'C') || setweight(to_tsvector('english'::regconfig, resolution), 'D')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_terms" (
	"storefront_id" text NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "knowledge_terms_storefront_id_term_pk" PRIMARY KEY("storefront_id","term")
);
--> statement-breakpoint
CREATE TABLE "support_case_filings" (
	"case_id" text PRIMARY KEY NOT NULL,
	"install_base_id" text NOT NULL,
	"contact_id" text,
	"contact_name" text NOT NULL,
	"contact_phone" text
);
--> statement-breakpoint
ALTER TABLE "knowledge_article_models" ADD CONSTRAINT "knowledge_article_models_article_id_knowledge_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_case_filings" ADD CONSTRAINT "support_case_filings_case_id_support_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."support_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_case_filings" ADD CONSTRAINT "support_case_filings_install_base_id_install_base_id_fk" FOREIGN KEY ("install_base_id") REFERENCES "public"."install_base"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_article_models_model_sku_index" ON "knowledge_article_models" USING btree ("model_sku");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_articles_storefront_id_number_index" ON "knowledge_articles" USING btree ("storefront_id","number");--> statement-breakpoint
CREATE INDEX "knowledge_articles_search" ON "knowledge_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_terms_term_trgm" ON "knowledge_terms" USING gin ("term" gin_trgm_ops);