CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"engine" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	CONSTRAINT "backups_engine_check" CHECK (engine in ('pglite', 'postgres'))
);
--> statement-breakpoint
CREATE INDEX "backups_taken_at_idx" ON "backups" USING btree ("taken_at" DESC NULLS LAST);