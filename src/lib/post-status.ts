// The display status (docs/product.md §4) is defined with the post schema, next to the AdminPost JSON it
// belongs to, so the server can compute it too (server/ may import only src/schemas).
export { displayStatus, type PostDisplayStatus } from '../schemas/post.ts';
