ALTER TABLE "bookings" ADD COLUMN "place_kind" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "place" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_place_kind_check" CHECK (place_kind is null or place_kind in ('video', 'phone', 'address'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_place_check" CHECK ((place_kind is null) = (place is null));