import { ChevronLeft, ChevronRight, Pause, Play, Quote } from 'lucide-react';
import { startTransition, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/web/components/ui/button';
import { TESTIMONIAL_INTERVAL_MS, wrapIndex } from '../lib/carousel';

interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 2);
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Whether the person prefers reduced motion; on the server (and so until hydrated) assume they do.
 * The browser's answer is taken in a transition after hydration, not through
 * useSyncExternalStore, whose differing server value made React re-render synchronously (and
 * flush the whole page's effects first) straight after the hydration commit.
 */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    const update = () => startTransition(() => setReduced(query.matches));
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

/**
 * Testimonial carousel (spec §2, §4): five items, previous and next wrap at both ends. It follows
 * the WAI-ARIA carousel pattern: the slide is announced when a person moves it (not while it
 * rotates by itself), rotation pauses on hover and focus and has its own pause button, and it
 * never rotates for people who prefer reduced motion.
 */
export function TestimonialCarousel() {
  const { t } = useTranslation('home');
  const items = (() => {
    const value: unknown = t('testimonials.items', { returnObjects: true });
    return Array.isArray(value) ? (value as Testimonial[]) : [];
  })();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const slideId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // Rotation holds while the pointer is over the carousel or focus is inside it.
  useEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    const hold = () => setHeld(true);
    const release = () => setHeld(section.matches(':hover') || section.contains(document.activeElement));
    const onFocusOut = (event: FocusEvent) => {
      if (!section.contains(event.relatedTarget as Node | null)) setHeld(section.matches(':hover'));
    };
    section.addEventListener('mouseenter', hold);
    section.addEventListener('mouseleave', release);
    section.addEventListener('focusin', hold);
    section.addEventListener('focusout', onFocusOut);
    return () => {
      section.removeEventListener('mouseenter', hold);
      section.removeEventListener('mouseleave', release);
      section.removeEventListener('focusin', hold);
      section.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  const rotating = playing && !held && !reducedMotion && items.length > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => wrapIndex(i, 1, items.length)), TESTIMONIAL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, items.length]);

  const current = items[index];
  if (!current) return null;
  const move = (step: number) => setIndex((i) => wrapIndex(i, step, items.length));

  return (
    <section
      ref={sectionRef}
      aria-labelledby="testimonials-heading"
      aria-roledescription="carousel"
      className="mx-auto max-w-4xl px-4 py-14 sm:px-6 lg:px-8"
    >
      <h2 id="testimonials-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        {t('testimonials.heading')}
      </h2>
      <div className="mt-8 flex items-center justify-center gap-2">
        {!reducedMotion ? (
          <Button variant="ghost" size="icon" onClick={() => setPlaying((p) => !p)} aria-label={playing ? t('testimonials.pause') : t('testimonials.play')}>
            {playing ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
          </Button>
        ) : null}
        <Button variant="outline" size="icon" onClick={() => move(-1)} aria-controls={slideId} aria-label={t('testimonials.previous')}>
          <ChevronLeft aria-hidden="true" className="size-5 rtl:rotate-180" />
        </Button>
        <Button variant="outline" size="icon" onClick={() => move(1)} aria-controls={slideId} aria-label={t('testimonials.next')}>
          <ChevronRight aria-hidden="true" className="size-5 rtl:rotate-180" />
        </Button>
      </div>
      <div id={slideId} aria-live={rotating ? 'off' : 'polite'} className="mt-6">
        {/* The slide is a group (the WAI-ARIA carousel pattern); a figure may not take that role, so it sits inside. */}
        <div role="group" aria-roledescription="slide" aria-label={t('testimonials.position', { current: index + 1, total: items.length })}>
          <figure className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
            <Quote aria-hidden="true" className="mx-auto size-8 text-teal-600" />
            <blockquote className="mt-4 text-lg text-slate-800">
              <p>{current.quote}</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center justify-center gap-3">
              <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-teal-100 font-semibold text-teal-900">
                {initials(current.name)}
              </span>
              <span className="text-start">
                <span className="block font-semibold text-slate-900">{current.name}</span>
                <span className="block text-sm text-slate-700">{current.role}</span>
              </span>
            </figcaption>
          </figure>
        </div>
        <p className="mt-3 text-center text-sm text-slate-700" aria-hidden="true">
          {index + 1} / {items.length}
        </p>
      </div>
    </section>
  );
}
