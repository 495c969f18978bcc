import { Hono } from 'hono';
import { requireAdmin } from './auth/guards.ts';
import { loadClientSession, type PortalVariables } from './middleware/client-session.ts';
import { type AuthVariables, loadSession } from './middleware/session.ts';
import { adminAccountRoutes } from './routes/admin/account.ts';
import { adminAnalyticsRoutes } from './routes/admin/analytics.ts';
import { adminAuditRoutes } from './routes/admin/audit.ts';
import { adminBacklogRoutes } from './routes/admin/backlog.ts';
import { adminBlogPostRoutes } from './routes/admin/blog-posts.ts';
import { adminBookingRoutes } from './routes/admin/booking.ts';
import { adminCalendarRoutes } from './routes/admin/calendars.ts';
import { adminCategoryRoutes } from './routes/admin/categories.ts';
import { adminClientRoutes } from './routes/admin/clients.ts';
import { adminContactMessageRoutes } from './routes/admin/contact-messages.ts';
import { adminMediaRoutes } from './routes/admin/media.ts';
import { adminNewsletterRoutes } from './routes/admin/newsletters.ts';
import { adminOutboxRoutes } from './routes/admin/outbox.ts';
import { adminPaymentRoutes } from './routes/admin/payments.ts';
import { adminPostRevisionRoutes } from './routes/admin/post-revisions.ts';
import { adminPrivacyRoutes } from './routes/admin/privacy.ts';
import { profileImageRoutes } from './routes/admin/profile-image.ts';
import { adminScheduleRoutes } from './routes/admin/schedule.ts';
import { adminSessionNoteRoutes } from './routes/admin/session-notes.ts';
import { adminSessionTypeRoutes } from './routes/admin/session-types.ts';
import { adminSettingsRoutes } from './routes/admin/settings.ts';
import { adminSetupChecklistRoutes } from './routes/admin/setup-checklist.ts';
import { adminSitePageRoutes } from './routes/admin/site-pages.ts';
import { adminSubscriberRoutes } from './routes/admin/subscribers.ts';
import { adminTestCaseRoutes } from './routes/admin/test-cases.ts';
import { adminTestimonialRoutes } from './routes/admin/testimonials.ts';
import { adminUserRoutes } from './routes/admin/users.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { authRoutes } from './routes/auth.ts';
import { blogPostRoutes } from './routes/blog-posts.ts';
import { bookingRoutes } from './routes/booking.ts';
import { calendarFeedRoutes } from './routes/calendar-feed.ts';
import { categoryRoutes } from './routes/categories.ts';
import { contactRoutes } from './routes/contact.ts';
import { healthRoutes } from './routes/health.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { paymentRoutes } from './routes/payments.ts';
import { portalRoutes } from './routes/portal.ts';
import { postCoverRoutes } from './routes/post-covers.ts';
import { testimonialRoutes } from './routes/testimonials.ts';
import { uploadRoutes } from './routes/uploads.ts';

// The JSON API's routers, mounted (server/app.ts puts each at its base), and their types: the
// screens' typed clients (src/lib/api.ts) and the tests' (tests/helpers/api.ts) are built from
// these, so a change to any route's input or answer fails the type-check of every caller.

/** The routes anyone may call, under /api. */
export const publicApi = new Hono()
  .route('/', healthRoutes)
  .route('/', blogPostRoutes)
  .route('/', categoryRoutes)
  .route('/', testimonialRoutes)
  .route('/', postCoverRoutes)
  .route('/', contactRoutes)
  .route('/', analyticsRoutes)
  .route('/', newsletterRoutes)
  .route('/', bookingRoutes)
  .route('/', paymentRoutes)
  .route('/', calendarFeedRoutes)
  .route('/', authRoutes)
  .route('/', uploadRoutes);

/**
 * A router that only a signed-in admin reaches: mounted at a base, its guard covers everything
 * under that base (ASVS 8.2.1, docs/security.md), so a route is admin because of where it is
 * mounted. 401 signed out, 403 for a non-admin; answers are never cached or indexed.
 */
const guarded = () =>
  new Hono<{ Variables: AuthVariables }>().use(
    async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
      c.header('X-Robots-Tag', 'noindex');
    },
    loadSession(),
    requireAdmin(),
  );

/** The admin's API, under /api/admin. */
export const adminApi = guarded()
  .route('/', adminBlogPostRoutes)
  .route('/', adminPostRevisionRoutes)
  .route('/', adminContactMessageRoutes)
  .route('/', adminSubscriberRoutes)
  .route('/', adminBacklogRoutes)
  .route('/', adminCategoryRoutes)
  .route('/', adminTestimonialRoutes)
  .route('/', adminMediaRoutes)
  .route('/', adminScheduleRoutes)
  .route('/', adminAnalyticsRoutes)
  .route('/', adminOutboxRoutes)
  .route('/', adminNewsletterRoutes)
  .route('/', adminSettingsRoutes)
  .route('/', adminSetupChecklistRoutes)
  .route('/', adminSitePageRoutes)
  .route('/', adminBookingRoutes)
  .route('/', adminSessionTypeRoutes)
  .route('/', adminClientRoutes)
  .route('/', adminSessionNoteRoutes)
  .route('/', adminCalendarRoutes)
  .route('/', adminPaymentRoutes)
  .route('/', adminPrivacyRoutes)
  .route('/', adminAccountRoutes)
  .route('/', adminAuditRoutes);

/** The spec's admin routes outside /api/admin, each guarded at its own base. */
export const adminUserApi = guarded().route('/', adminUserRoutes); // /api/auth/admin
export const testCaseApi = guarded().route('/', adminTestCaseRoutes); // /api/test-cases
export const profileImageApi = guarded().route('/', profileImageRoutes); // /api/upload-profile-image

/**
 * The client portal's API, under /api/portal (issue 36): its own session, from its own cookie; the
 * routes that need a signed-in client say so. Private answers, like the admin's.
 */
export const portalApi = new Hono<{ Variables: PortalVariables }>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
  }, loadClientSession())
  .route('/', portalRoutes);

/** Where each router is mounted. */
export const API_BASES = {
  public: '/api',
  admin: '/api/admin',
  adminUsers: '/api/auth/admin',
  testCases: '/api/test-cases',
  profileImage: '/api/upload-profile-image',
  portal: '/api/portal',
} as const;

export type PublicApi = typeof publicApi;
export type AdminApi = typeof adminApi;
export type AdminUserApi = typeof adminUserApi;
export type TestCaseApi = typeof testCaseApi;
export type ProfileImageApi = typeof profileImageApi;
export type PortalApi = typeof portalApi;
