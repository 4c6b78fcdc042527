CREATE TABLE "catalogue_search_terms" (
	"storefront_id" text NOT NULL,
	"term" text NOT NULL,
	"lexeme" text NOT NULL,
	CONSTRAINT "catalogue_search_terms_storefront_id_term_pk" PRIMARY KEY("storefront_id","term")
);
--> statement-breakpoint
CREATE TABLE "catalogue_synonyms" (
	"storefront_id" text NOT NULL,
	"group_no" integer NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "catalogue_synonyms_storefront_id_group_no_term_pk" PRIMARY KEY("storefront_id","group_no","term")
);
--> statement-breakpoint
CREATE TABLE "catalogue_zero_result_queries" (
	"storefront_id" text NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 1 NOT NULL,
	"first_searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_zero_result_queries_storefront_id_query_pk" PRIMARY KEY("storefront_id","query")
);
--> statement-breakpoint
CREATE TABLE "recent_searches" (
	"storefront_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_searches_storefront_id_contact_id_key_pk" PRIMARY KEY("storefront_id","contact_id","key")
);
--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, translate(sku || ' ' || name || ' ' || jsonb_path_query_array(specifications, '$[*] ? (@.name == "Target" || @.name == "Clone" || @.name == "CAS number").value')::text, '-–', '  ')), 'A') || setweight(to_tsvector('english'::regconfig, translate(jsonb_path_query_array(specifications, '$[*] ? (@.name == "Host species" || @.name == "Reactivity" || @.name == "Conjugate" || @.name == "Fluorochrome" || @.name == "Application" || @.name == "Size" || @.name == "Isotype").value')::text || ' ' || jsonb_path_query_array(attributes, '$.*')::text, '-–', '  ')), 'B') || setweight(to_tsvector('english'::regconfig, translate(short_description, '-–', '  ')), 'C') || setweight(to_tsvector('english'::regconfig, translate(description, '-–', '  ')), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_search_terms" ADD CONSTRAINT "catalogue_search_terms_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_synonyms" ADD CONSTRAINT "catalogue_synonyms_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_zero_result_queries" ADD CONSTRAINT "catalogue_zero_result_queries_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_search_terms_term_trgm" ON "catalogue_search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_search_terms_storefront_id_lexeme_index" ON "catalogue_search_terms" USING btree ("storefront_id","lexeme");--> statement-breakpoint
CREATE INDEX "catalogue_synonyms_storefront_id_term_index" ON "catalogue_synonyms" USING btree ("storefront_id","term");--> statement-breakpoint
CREATE INDEX "recent_searches_storefront_id_contact_id_searched_at_index" ON "recent_searches" USING btree ("storefront_id","contact_id","searched_at");--> statement-breakpoint
CREATE INDEX "catalogue_items_search" ON "catalogue_items" USING gin ("search");