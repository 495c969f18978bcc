import { adminApi, call } from '#src/lib/api-client.ts';
import type { CategoryChange, NewCategory } from '#src/schemas/category.ts';

const categories = adminApi.categories;

export const fetchCategories = () => call(categories.$get());
export const createCategory = (input: NewCategory) => call(categories.$post({ json: input }));
export const updateCategory = (id: number, change: CategoryChange) =>
  call(categories[':id'].$patch({ param: { id: String(id) }, json: change }));
/** `moveTo`: where its posts and topics go ('none': no category); needed only when it holds any. */
export const deleteCategory = (id: number, moveTo?: number | 'none') =>
  call(categories[':id'].$delete({ param: { id: String(id) }, query: { moveTo: moveTo === undefined ? undefined : String(moveTo) } }));
