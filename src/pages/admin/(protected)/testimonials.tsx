import { listAdminTestimonials } from '#server/services/testimonials.ts';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { TestimonialsAdmin } from '#src/admin/testimonials/testimonials-admin.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function TestimonialsPage() {
  if (!(await currentAdmin())) return null;
  const testimonials = await listAdminTestimonials();
  return (
    <>
      <ScreenHeading
        title="Testimonials"
        intro="What clients say about your coaching. The home page shows the visible ones whose consent is recorded, in this order."
      />
      <TestimonialsAdmin initial={testimonials} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
