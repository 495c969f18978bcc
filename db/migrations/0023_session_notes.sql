CREATE TABLE "session_notes" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shared_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session_notes" ADD CONSTRAINT "session_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;