ALTER TABLE "site_page_revisions" DROP CONSTRAINT "site_page_revisions_key_check";--> statement-breakpoint
ALTER TABLE "site_pages" DROP CONSTRAINT "site_pages_key_check";--> statement-breakpoint
ALTER TABLE "site_page_revisions" ADD CONSTRAINT "site_page_revisions_key_check" CHECK (page_key in ('home', 'about', 'services', 'contact', 'privacy', 'terms', 'cookies', 'not-found', 'navigation'));--> statement-breakpoint
ALTER TABLE "site_pages" ADD CONSTRAINT "site_pages_key_check" CHECK (key in ('home', 'about', 'services', 'contact', 'privacy', 'terms', 'cookies', 'not-found', 'navigation'));