'use client';

import { useEffect } from 'react';

/**
 * Marks the document once React has hydrated it (`<html data-hydrated>`). Before that, a click does
 * nothing and what is typed into a controlled field is reset: the browser journeys wait for this
 * mark after each page load, rather than racing hydration on a busy machine.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
