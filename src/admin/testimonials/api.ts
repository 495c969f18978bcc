import { adminApi, call } from '#src/lib/api-client.ts';
import type { NewTestimonial, TestimonialChange } from '#src/schemas/testimonial.ts';

const testimonials = adminApi.testimonials;
const byId = (id: number) => ({ param: { id: String(id) } });

export const fetchTestimonials = () => call(testimonials.$get());
export const createTestimonial = (input: NewTestimonial) => call(testimonials.$post({ json: input }));
/** Any of its fields; `{ visible }` hides or shows it. */
export const updateTestimonial = (id: number, change: TestimonialChange) => call(testimonials[':id'].$patch({ ...byId(id), json: change }));
export const deleteTestimonial = (id: number) => call(testimonials[':id'].$delete(byId(id)));
/** Every testimonial's id, first shown first; answers the stored list. */
export const reorderTestimonials = (order: number[]) => call(testimonials.reorder.$post({ json: { order } }));
