DROP INDEX "posts_published_recent_idx";--> statement-breakpoint
DROP INDEX "posts_category_published_recent_idx";--> statement-breakpoint
CREATE INDEX "posts_published_order_idx" ON "posts" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."published";--> statement-breakpoint
CREATE INDEX "posts_category_published_order_idx" ON "posts" USING btree ("category_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."published";