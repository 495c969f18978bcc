// docs/product.md §5 (profile picture): the exact messages, and the limit they state.
export const SELECT_IMAGE_MESSAGE = 'Please select an image file';
export const IMAGE_TOO_LARGE_MESSAGE = 'Image must be less than 5MB';
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif';
