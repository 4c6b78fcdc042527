ALTER TABLE "quotes" DROP CONSTRAINT "quotes_status_check";--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('Active', 'Inactive', 'Ordered'));--> statement-breakpoint
-- Orders placed before: Ordered, and named by their order number where the buyer gave no name.
UPDATE "quotes" SET "status" = 'Ordered', "name" = coalesce("quotes"."name", "orders"."order_number") FROM "orders" WHERE "orders"."quote_id" = "quotes"."id";
