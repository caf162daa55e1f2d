import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type PlaceList, PlaceListSchema } from '~/shared/contracts/places';
import type { RegionCode } from '~/shared/regions';
import { apiFetch } from '~/web/lib/api-client';

/** Wait this long after the last key before asking: one request per pause, not per letter. */
const TYPING_PAUSE_MS = 200;
const MIN_LETTERS = 2;

/**
 * Towns and suburbs for what a person is typing in a place field (the visitor's region first),
 * asked once they pause. Empty until two letters are typed.
 */
export function usePlaceSuggestions(text: string, region: RegionCode) {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const enabled = settled.length >= MIN_LETTERS;
  const search = new URLSearchParams({ query: settled, region }).toString();
  const query = useQuery({
    queryKey: ['places', search],
    queryFn: ({ signal }): Promise<PlaceList> => apiFetch(`/api/v1/places?${search}`, { schema: PlaceListSchema, signal }),
    enabled,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  return enabled ? (query.data?.places ?? []) : [];
}
