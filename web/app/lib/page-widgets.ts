/**
 * The home page's banner carousel and news tabs, as plain functions over the server's markup.
 * One implementation for both ways a page is sent: without React they run from the page's inline
 * script (page-scripts/widgets.run.ts), and in the hydrated app from an effect of the component
 * that renders the markup (HomeCarousel, NewsBox). Each returns its clean-up (listeners and
 * timer), which the effect uses.
 */

/**
 * A carousel (components/ui/Carousel.tsx): `[data-carousel]` (`data-interval`: ms between
 * turns, 0 for none) holding `.carousel-slide`s (the shown one `.is-current`, the others inert),
 * `.carousel-prev`, `.carousel-next` and one button per slide in `.carousel-dots`. It turns by
 * itself, waits while a pointer is over it or the focus is in it (so a slide can be read and
 * followed), and neither turns nor slides for a reader who asked for reduced motion. ←/→ inside
 * it and a swipe turn it too (not on a video, whose controls take them). The slides sit in one
 * grid cell: the one coming in starts beside the one going out, on the side it comes from, so
 * it slides the short way round from the last to the first.
 */
export function carousel(root: HTMLElement): () => void {
  const slides = Array.from(root.querySelectorAll<HTMLElement>('.carousel-slide'));
  const dots = Array.from(root.querySelectorAll<HTMLElement>('.carousel-dots button'));
  const interval = Number(root.dataset.interval);
  const still = window.matchMedia('(prefers-reduced-motion: reduce)');
  const off = new AbortController();
  const on = { signal: off.signal };
  let current = Math.max(
    0,
    slides.findIndex((slide) => slide.classList.contains('is-current')),
  );
  let timer = 0;
  let hovered = false;
  let focused = false;

  // Runs the timer and the active bar's filling (CSS) from the start, or holds both (paused).
  const arm = () => {
    window.clearTimeout(timer);
    const held = hovered || focused || still.matches || !interval || slides.length < 2;
    root.classList.toggle('is-held', held);
    if (held) return;
    const dot = dots[current]?.parentElement;
    dot?.classList.remove('is-active');
    void dot?.offsetWidth;
    dot?.classList.add('is-active');
    timer = window.setTimeout(() => show(current + 1, 1), interval);
  };

  const show = (wanted: number, direction: number) => {
    const next = (wanted + slides.length) % slides.length;
    if (next !== current) {
      const from = slides[current]!;
      const to = slides[next]!;
      if (!still.matches) {
        to.style.transition = 'none';
        to.style.transform = `translateX(${direction * 100}%)`;
        void to.offsetWidth;
        to.style.transition = '';
      }
      from.style.transform = still.matches ? '' : `translateX(${-direction * 100}%)`;
      to.style.transform = '';
      from.classList.remove('is-current');
      to.classList.add('is-current');
      from.inert = true;
      to.inert = false;
      dots.forEach((button, i) => {
        button.parentElement!.classList.toggle('is-active', i === next);
        button.setAttribute('aria-current', String(i === next));
      });
      current = next;
    }
    arm();
  };

  root.querySelector('.carousel-prev')?.addEventListener('click', () => show(current - 1, -1), on);
  root.querySelector('.carousel-next')?.addEventListener('click', () => show(current + 1, 1), on);
  dots.forEach((button, i) =>
    button.addEventListener('click', () => show(i, i < current ? -1 : 1), on),
  );
  // A video's own controls take the arrow keys (seeking) and a drag along its bar.
  const onVideo = (event: Event) => (event.target as Element).closest('video') !== null;
  root.addEventListener(
    'keydown',
    (event) => {
      const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (!step || onVideo(event)) return;
      event.preventDefault();
      show(current + step, step);
    },
    on,
  );
  let swipeFrom: number | null = null;
  root.addEventListener(
    'pointerdown',
    (event) => {
      swipeFrom = event.pointerType === 'mouse' || onVideo(event) ? null : event.clientX;
    },
    on,
  );
  root.addEventListener(
    'pointerup',
    (event) => {
      const moved = swipeFrom === null ? 0 : event.clientX - swipeFrom;
      swipeFrom = null;
      if (Math.abs(moved) > 40) show(current - Math.sign(moved), -Math.sign(moved));
    },
    on,
  );
  const hold = (change: () => void) => () => {
    change();
    arm();
  };
  root.addEventListener(
    'mouseenter',
    hold(() => (hovered = true)),
    on,
  );
  root.addEventListener(
    'mouseleave',
    hold(() => (hovered = false)),
    on,
  );
  root.addEventListener(
    'focusin',
    hold(() => (focused = true)),
    on,
  );
  root.addEventListener(
    'focusout',
    (event) => {
      if (root.contains(event.relatedTarget as Node | null)) return;
      focused = false;
      arm();
    },
    on,
  );
  still.addEventListener('change', arm, on);
  // The active bar fills in over the interval (.carousel CSS).
  if (interval) root.style.setProperty('--carousel-interval', `${interval}ms`);
  arm();
  // Its arrows and bars show from now on (CSS): without the script they would do nothing.
  root.classList.add('is-ready');
  return () => {
    off.abort();
    window.clearTimeout(timer);
    root.classList.remove('is-ready');
  };
}

/**
 * Tabs (WAI-ARIA tabs pattern) over panels that are all in the page: `[data-tabs]` is the
 * tablist; each `[role=tab]` names its panel in aria-controls, and elements with
 * `data-tab-for="<tab id>"` (the news box's 更多 link of that column) show with it. A click or a
 * pointer resting on a tab shows its panel; ←/→, Home and End move between tabs, one tab in the
 * tab order.
 */
export function tabs(list: HTMLElement): () => void {
  const all = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
  const off = new AbortController();
  const on = { signal: off.signal };
  const select = (index: number) =>
    all.forEach((tab, i) => {
      const chosen = i === index;
      tab.setAttribute('aria-selected', String(chosen));
      tab.tabIndex = chosen ? 0 : -1;
      tab.classList.toggle('active', chosen);
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !chosen;
      document
        .querySelectorAll<HTMLElement>(`[data-tab-for="${tab.id}"]`)
        .forEach((element) => (element.hidden = !chosen));
    });
  all.forEach((tab, i) => {
    tab.addEventListener('click', () => select(i), on);
    tab.addEventListener('mouseenter', () => select(i), on);
  });
  list.addEventListener(
    'keydown',
    (event) => {
      const current = all.findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
      const last = all.length - 1;
      const next = {
        ArrowRight: current === last ? 0 : current + 1,
        ArrowLeft: current <= 0 ? last : current - 1,
        Home: 0,
        End: last,
      }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(next);
      all[next]!.focus();
    },
    on,
  );
  return () => off.abort();
}
