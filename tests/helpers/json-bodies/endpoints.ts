// The JSON endpoints of the generated-body tests (docs/security.md#input-validation (b)): each with the
// caller it serves, its URL and its fields. Every POST/PUT/PATCH the app registers is either one of
// these or named in tests/api/json-endpoints.test.ts with the reason it takes no JSON.
import { ADMIN_CONTENT_ENDPOINTS } from './admin-content-endpoints.ts';
import { ADMIN_SITE_ENDPOINTS } from './admin-site-endpoints.ts';
import type { JsonEndpoint } from './fixtures.ts';
import { PUBLIC_ENDPOINTS } from './public-endpoints.ts';

export const JSON_ENDPOINTS: Record<string, JsonEndpoint> = { ...PUBLIC_ENDPOINTS, ...ADMIN_CONTENT_ENDPOINTS, ...ADMIN_SITE_ENDPOINTS };
