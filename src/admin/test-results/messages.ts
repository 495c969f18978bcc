// docs/product.md §2 "Admin test results" and §8: the screen's fixed texts.
export const EMPTY_TITLE = 'No Test Suites Found';
export const INITIALIZE_LABEL = 'Initialize Test Suites';
export const INITIALIZED = 'Test Suites Initialized';
export const INITIALIZE_FAILED_TITLE = 'Initialization Failed';
export const INITIALIZE_FAILED = 'Failed to initialize test suites';
export const LOAD_FAILED = 'Failed to load test results';
