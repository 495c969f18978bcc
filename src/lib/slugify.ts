// The slug rule (docs/product.md §5) is defined with the post schema, which both the editor and the server
// import (server/ may import only src/schemas); this is the name the UI reaches it by.
export { slugify } from '../schemas/post.ts';
