CREATE TABLE "client_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"package_id" integer,
	"name" text NOT NULL,
	"sessions" integer NOT NULL,
	"session_type_ids" integer[] NOT NULL,
	"expires_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"low_notice_at" timestamp with time zone,
	"expiry_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"organisation" text DEFAULT '' NOT NULL,
	"time_zone" text,
	"status" text DEFAULT 'prospect' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_status_check" CHECK (status in ('prospect', 'active', 'past')),
	CONSTRAINT "clients_source_check" CHECK (source in ('manual', 'booking', 'message'))
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_package_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"booking_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_kind_check" CHECK (kind in ('granted', 'used', 'returned', 'forfeited', 'expired', 'adjusted'))
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sessions" integer NOT NULL,
	"session_type_ids" integer[] NOT NULL,
	"valid_days" integer,
	"price" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reschedules" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "series_id" text;--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_client_package_id_client_packages_id_fk" FOREIGN KEY ("client_package_id") REFERENCES "public"."client_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_packages_client_idx" ON "client_packages" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_email_lower_unique" ON "clients" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_package_idx" ON "credit_ledger" USING btree ("client_package_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_booking_idx" ON "credit_ledger" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_client_idx" ON "bookings" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "bookings_series_idx" ON "bookings" USING btree ("series_id");
--> statement-breakpoint
-- Issue 35 §3: the credit ledger is append-only. A row is never changed, except that the booking
-- it names may be erased (privacy erase), which leaves the movement and nulls its booking.
CREATE FUNCTION "credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.booking_id IS NULL
    AND (NEW.id, NEW.client_package_id, NEW.kind, NEW.amount, NEW.reason, NEW.created_at)
      IS NOT DISTINCT FROM (OLD.id, OLD.client_package_id, OLD.kind, OLD.amount, OLD.reason, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'The credit ledger is append-only: a movement is never changed' USING ERRCODE = 'P0001';
END
$$;--> statement-breakpoint
CREATE TRIGGER "credit_ledger_append_only" BEFORE UPDATE ON "credit_ledger" FOR EACH ROW EXECUTE FUNCTION "credit_ledger_append_only"();
