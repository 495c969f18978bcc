/** docs/product.md §2 list dates: 'MMM dd, yyyy' in the coach's zone (kit DateTime), or this when there is none. */
export const NEVER = 'Never';
