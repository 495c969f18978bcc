import { api } from '../../lib/api-client.ts';
import type { AdminCategory, CategoryChange, NewCategory } from '../../schemas/category.ts';

const CATEGORIES = '/api/admin/categories';

export const fetchCategories = () => api.get<AdminCategory[]>(CATEGORIES);
export const createCategory = (input: NewCategory) => api.post<AdminCategory>(CATEGORIES, input);
export const updateCategory = (id: number, change: CategoryChange) => api.patch<AdminCategory>(`${CATEGORIES}/${id}`, change);
/** `moveTo`: where its posts and topics go ('none': no category); needed only when it holds any. */
export const deleteCategory = (id: number, moveTo?: number | 'none') =>
  api.delete(`${CATEGORIES}/${id}${moveTo === undefined ? '' : `?moveTo=${moveTo}`}`);
