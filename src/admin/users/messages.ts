// docs/product.md §8: the users screen's toast texts.
export const USER_CREATED = 'User created successfully';
export const CREATE_FAILED = 'Failed to create user';
export const PASSWORD_UPDATED = 'Password updated successfully';
export const PASSWORD_FAILED = 'Failed to update password';
export const PICTURE_UPDATED = 'Profile picture updated successfully';
export const PROFILE_FAILED = 'Failed to update profile';
export const UPLOAD_FAILED_TITLE = 'Failed to upload image';
export const UPLOAD_FAILED = 'Upload failed';
export const LOAD_FAILED = 'Failed to load users';
