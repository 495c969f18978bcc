DROP INDEX "media_recent_idx";--> statement-breakpoint
DROP INDEX "subscribers_created_idx";--> statement-breakpoint
CREATE INDEX "media_recent_idx" ON "media" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscribers_created_idx" ON "subscribers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);