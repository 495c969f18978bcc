export const AUTOSAVE_SAVING = 'Saving…';
export const AUTOSAVE_RETRYING = 'Not saved — retrying';
export const AUTOSAVE_LOCAL = 'Kept in this browser';
export const autosavedAt = (time: string) => `Saved at ${time}`;
