'use client';

import { useEffect, useState } from 'react';
import { fetchSessionTypes } from '../booking/session-types/api.ts';

// Issue 35 §1: an offering's button can lead to one session type's booking page. The editor's
// "Leads to" lists every session type a visitor can open (not the intro call: "Book a call" is
// /book; not a private one, whose page needs its link's key), read once per page load.

export interface LinkChoice {
  link: string;
  name: string;
}

let loading: Promise<LinkChoice[]> | null = null;

const load = () =>
  fetchSessionTypes().then(
    (types) =>
      types
        .filter((type) => !type.intro && type.access !== 'private')
        .map((type) => ({ link: `/book/${type.slug}`, name: `Book: ${type.name}` })),
    () => {
      loading = null;
      return [];
    },
  );

/** The booking pages of the session types, as choices of "Leads to" (null until read). */
export function useSessionTypeLinks(): LinkChoice[] | null {
  const [links, setLinks] = useState<LinkChoice[] | null>(null);
  useEffect(() => {
    loading ??= load();
    let live = true;
    void loading.then((read) => live && setLinks(read));
    return () => {
      live = false;
    };
  }, []);
  return links;
}
