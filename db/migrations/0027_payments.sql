CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"session_type_id" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"package_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"checkout_session_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"booking_id" integer,
	"client_package_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_holds_checkoutSessionId_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "payment_holds_kind_check" CHECK (kind in ('booking', 'package')),
	CONSTRAINT "payment_holds_status_check" CHECK (status in ('pending', 'paid', 'released')),
	CONSTRAINT "payment_holds_slot_check" CHECK ((kind = 'booking') = (starts_at is not null and ends_at is not null))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"amount_minor" integer NOT NULL,
	"tax_minor" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"tax_rate_basis_points" integer,
	"tax_inclusive" boolean DEFAULT true NOT NULL,
	"description" text NOT NULL,
	"client_id" integer,
	"payer_name" text NOT NULL,
	"payer_email" text NOT NULL,
	"bill_to" jsonb,
	"booking_id" integer,
	"client_package_id" integer,
	"hold_id" integer,
	"refund_of" integer,
	"reason" text DEFAULT '' NOT NULL,
	"stripe_checkout_session" text,
	"stripe_payment_intent" text,
	"stripe_refund" text,
	"invoice_number" integer,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_stripeRefund_unique" UNIQUE("stripe_refund"),
	CONSTRAINT "payments_invoiceNumber_unique" UNIQUE("invoice_number"),
	CONSTRAINT "payments_kind_check" CHECK (kind in ('payment', 'refund')),
	CONSTRAINT "payments_method_check" CHECK (method in ('card', 'bank_transfer', 'cash')),
	CONSTRAINT "payments_status_check" CHECK (status in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payments_sign_check" CHECK ((kind = 'payment' and amount_minor > 0) or (kind = 'refund' and amount_minor < 0))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_types" ADD COLUMN "price_minor" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "price_minor" integer;--> statement-breakpoint
ALTER TABLE "payment_holds" ADD CONSTRAINT "payment_holds_session_type_id_session_types_id_fk" FOREIGN KEY ("session_type_id") REFERENCES "public"."session_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_holds" ADD CONSTRAINT "payment_holds_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_holds" ADD CONSTRAINT "payment_holds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_holds" ADD CONSTRAINT "payment_holds_client_package_id_client_packages_id_fk" FOREIGN KEY ("client_package_id") REFERENCES "public"."client_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_package_id_client_packages_id_fk" FOREIGN KEY ("client_package_id") REFERENCES "public"."client_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_hold_id_payment_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."payment_holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_holds_pending_idx" ON "payment_holds" USING btree ("expires_at") WHERE "payment_holds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_client_idx" ON "payments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("id") WHERE "payments"."status" = 'pending';