CREATE TABLE "site_page_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_key" text NOT NULL,
	"kind" text NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"base_version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_page_revisions_kind_check" CHECK (kind in ('save', 'autosave', 'restore')),
	CONSTRAINT "site_page_revisions_key_check" CHECK (page_key in ('home', 'about', 'services', 'contact'))
);
--> statement-breakpoint
CREATE TABLE "site_pages" (
	"key" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_pages_key_check" CHECK (key in ('home', 'about', 'services', 'contact'))
);
--> statement-breakpoint
ALTER TABLE "site_page_revisions" ADD CONSTRAINT "site_page_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_page_revisions_page_recent_idx" ON "site_page_revisions" USING btree ("page_key","created_at" DESC NULLS LAST);