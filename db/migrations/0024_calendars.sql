CREATE TABLE "busy_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"calendar_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"server_url" text,
	"username" text,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_accounts_kind_check" CHECK (kind in ('ics', 'caldav'))
);
--> statement-breakpoint
CREATE TABLE "calendar_writes" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"calendar_id" integer NOT NULL,
	"href" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"written_version" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "calendars" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"url" text,
	"name" text NOT NULL,
	"blocks_time" boolean DEFAULT false NOT NULL,
	"writes_bookings" boolean DEFAULT false NOT NULL,
	"version" text,
	"next_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"full_read_at" timestamp with time zone,
	"busy_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"failing_since" timestamp with time zone,
	"failure_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_feed" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"shows_names" boolean DEFAULT false NOT NULL,
	CONSTRAINT "call_feed_one_row_check" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "busy_blocks" ADD CONSTRAINT "busy_blocks_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD CONSTRAINT "calendar_writes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD CONSTRAINT "calendar_writes_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_account_id_calendar_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."calendar_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "busy_blocks_calendar_idx" ON "busy_blocks" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "busy_blocks_ends_at_idx" ON "busy_blocks" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "calendar_writes_due_idx" ON "calendar_writes" USING btree ("next_attempt_at") WHERE "calendar_writes"."written_version" < "calendar_writes"."version";--> statement-breakpoint
CREATE UNIQUE INDEX "calendars_one_write_target_idx" ON "calendars" USING btree ("writes_bookings") WHERE "calendars"."writes_bookings";