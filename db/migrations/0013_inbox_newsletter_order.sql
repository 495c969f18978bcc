DROP INDEX "contact_messages_created_at_idx";--> statement-breakpoint
CREATE INDEX "contact_messages_recent_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "newsletters_recent_idx" ON "newsletters" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);