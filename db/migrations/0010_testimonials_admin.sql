ALTER TABLE "testimonials" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "consent_given_at" date;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "consent_method" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "consent_note" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Testimonials already on a site (before this migration there was no way to add them but the seed
-- or SQL) keep showing on the home page in the order they had (by id). Their consent was never
-- recorded: 'before-tracking' says so, dated the day they were added, and the admin screen asks
-- the coach to record how each client agreed (or hide the testimonial).
UPDATE "testimonials" SET "position" = "ordered"."position", "consent_given_at" = ("testimonials"."created_at" AT TIME ZONE 'UTC')::date, "consent_method" = 'before-tracking', "updated_at" = "testimonials"."created_at" FROM (SELECT "id", (row_number() OVER (ORDER BY "id") - 1)::int AS "position" FROM "testimonials") AS "ordered" WHERE "testimonials"."id" = "ordered"."id";--> statement-breakpoint
CREATE INDEX "testimonials_position_idx" ON "testimonials" USING btree ("position","id");--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_consent_method_check" CHECK (consent_method in ('in-writing', 'email', 'verbal', 'before-tracking'));--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_consent_complete" CHECK (("testimonials"."consent_given_at" is null) = ("testimonials"."consent_method" is null));