CREATE TABLE "identity"."counter_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "counter_windows_ends_at_index" ON "identity"."counter_windows" USING btree ("ends_at");