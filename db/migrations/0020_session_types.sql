CREATE TABLE "session_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"minutes" integer,
	"buffer_minutes" integer,
	"min_notice_hours" integer,
	"daily_cap" integer,
	"location" jsonb,
	"access" text DEFAULT 'anyone' NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"cancel_cutoff_hours" integer DEFAULT 0 NOT NULL,
	"max_reschedules" integer,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"intro" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_types_slug_unique" UNIQUE("slug"),
	CONSTRAINT "session_types_access_check" CHECK (access in ('anyone', 'clients', 'private'))
);
--> statement-breakpoint
-- Issue 35 §1: the intro call, the one thing /book booked until now, becomes the first session type.
-- Its length, buffer, notice, cap and place stay null: they follow the coach's availability as before.
INSERT INTO "session_types" ("slug", "name", "description", "intro", "position")
VALUES ('intro-call', 'Free intro call', 'A short call to get to know each other and see whether coaching together is right for you.', true, 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "session_type_id" integer;--> statement-breakpoint
UPDATE "bookings" SET "session_type_id" = (SELECT "id" FROM "session_types" WHERE "intro");--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "session_type_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "answers" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "session_types_one_intro_idx" ON "session_types" USING btree ("intro") WHERE "session_types"."intro";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_session_type_id_session_types_id_fk" FOREIGN KEY ("session_type_id") REFERENCES "public"."session_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_session_type_idx" ON "bookings" USING btree ("session_type_id");
