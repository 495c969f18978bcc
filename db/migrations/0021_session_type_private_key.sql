-- Issue 35 §1: each session type has the key of its private link; existing types get a random one.
ALTER TABLE "session_types" ADD COLUMN "private_key" text;--> statement-breakpoint
UPDATE "session_types" SET "private_key" = replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "session_types" ALTER COLUMN "private_key" SET NOT NULL;
