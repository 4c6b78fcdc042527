-- Uses become reservations. The uses already recorded were taken when their codes were applied and no order
-- has been placed yet, so each becomes a reservation of a day from now: no cart loses its code at the upgrade.
ALTER TABLE "promo_code_uses" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
UPDATE "promo_code_uses" SET "reserved_until" = now() + interval '24 hours';--> statement-breakpoint
ALTER TABLE "promo_code_uses" ALTER COLUMN "reserved_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD COLUMN "spent_at" timestamp with time zone;
