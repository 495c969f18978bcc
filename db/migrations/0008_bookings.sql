CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_uid_unique" UNIQUE("uid"),
	CONSTRAINT "bookings_status_check" CHECK (status in ('confirmed', 'cancelled')),
	CONSTRAINT "bookings_cancelled_by_check" CHECK (cancelled_by is null or cancelled_by in ('visitor', 'coach')),
	CONSTRAINT "bookings_range_check" CHECK (ends_at > starts_at)
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
CREATE INDEX "bookings_starts_idx" ON "bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree ("email");--> statement-breakpoint
CREATE INDEX "bookings_reminder_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."reminded_at" is null and "bookings"."status" = 'confirmed';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" = 'confirmed');
