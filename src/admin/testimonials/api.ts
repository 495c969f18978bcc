import { api } from '../../lib/api-client.ts';
import type { AdminTestimonial, NewTestimonial, TestimonialChange } from '../../schemas/testimonial.ts';

const TESTIMONIALS = '/api/admin/testimonials';

export const fetchTestimonials = () => api.get<AdminTestimonial[]>(TESTIMONIALS);
export const createTestimonial = (input: NewTestimonial) => api.post<AdminTestimonial>(TESTIMONIALS, input);
/** Any of its fields; `{ visible }` hides or shows it. */
export const updateTestimonial = (id: number, change: TestimonialChange) => api.patch<AdminTestimonial>(`${TESTIMONIALS}/${id}`, change);
export const deleteTestimonial = (id: number) => api.delete(`${TESTIMONIALS}/${id}`);
/** Every testimonial's id, first shown first; answers the stored list. */
export const reorderTestimonials = (order: number[]) => api.post<AdminTestimonial[]>(`${TESTIMONIALS}/reorder`, { order });
