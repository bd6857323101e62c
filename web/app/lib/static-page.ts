/**
 * Pages a visitor only reads (news lists, articles, search results) are sent without React's
 * scripts and its data (root.tsx): their server HTML is the whole page (links, GET forms, the
 * phone menu as a :target panel), so they need a few hundred bytes of script instead of the
 * app's hundreds of kilobytes. Staff (the `User` login cookie) get the full app on every page.
 * A route opts in with `handle: { hydrate: false }`, or a function of its loader's data for a
 * page that needs React only sometimes (an article a visitor may not read, whose staff reader
 * loads it again with the stored token).
 */
export interface PageHandle {
  hydrate?: boolean | ((data: unknown) => boolean);
  /** The page uses antd components beyond the portal's (root.tsx: antd-staff.css). */
  staffStyles?: boolean;
  /**
   * Without React the page runs lib/page-widgets.ts too (a carousel, tabs); a function of the
   * loader's data for a page that has them only sometimes.
   */
  widgets?: boolean | ((data: unknown) => boolean);
  /**
   * On a layout: its pages are the same for every anonymous visitor, so the server may keep
   * them rendered (server/src/web/page-cache.ts takes its list of pages from this).
   */
  keptForVisitors?: boolean;
  /**
   * On a layout: its pages' server HTML is the same for everyone logged in (a shell whose data
   * loads in the browser), so the server may keep it for staff too.
   */
  keptForStaff?: boolean;
}

/**
 * Whether a page of these route matches runs React: always for staff, else unless a route says
 * `hydrate: false` (or its function of the loader's data says so). root.tsx decides its scripts
 * by it, and entry.server.tsx how it renders.
 */
export function pageHydrates(
  matches: readonly { handle?: unknown; data?: unknown }[],
  staff: boolean,
): boolean {
  if (staff) return true;
  return !matches.some((match) => {
    const hydrate = (match.handle as PageHandle | undefined)?.hydrate;
    return hydrate === false || (typeof hydrate === 'function' && !hydrate(match.data));
  });
}

/** Whether a page of these route matches runs lib/page-widgets.ts when sent without React. */
export function pageHasWidgets(matches: readonly { handle?: unknown; data?: unknown }[]): boolean {
  return matches.some((match) => {
    const widgets = (match.handle as PageHandle | undefined)?.widgets;
    return typeof widgets === 'function' ? widgets(match.data) : widgets === true;
  });
}

/** Whether a request carries the login cookie that lib/session.ts sets (`User=<staffId>`). */
export function hasLoginCookie(request: Request): boolean {
  const cookies = request.headers.get('Cookie') ?? '';
  return cookies.split(/;\s*/).some((c) => c.startsWith('User=') && c.length > 'User='.length);
}

/**
 * What a page without React still does, as the app's components do it: the 长辈模式 switch
 * (lib/elder-mode.ts), the phone's 菜单 button (PortalHeader: a button with aria-expanded,
 * closed by a followed link or Escape), the pager's 跳至 box (Pager: `data-param`), an empty
 * search kept from being sent with a notice (as the header's message.warning), 返回顶部 (BackToTop),
 * the default picture for one that fails (SafeImage) and table copies hidden from
 * assistive technology made inert (lib/a11y.ts). Run by page-scripts/static-page.run.ts, which
 * the build bakes into the page's inline script (vite.config.ts).
 */
export function staticPage(
  elderKey: string,
  elderClass: string,
  visitorCookie: string,
  defaultImage: string,
) {
  const root = document.documentElement;
  const syncElder = () => {
    const on = root.classList.contains(elderClass);
    document.querySelectorAll('.elder-switch').forEach((button) => {
      button.setAttribute('aria-pressed', String(on));
      button.setAttribute('title', on ? '恢复标准字号与配色' : '放大字号、加强对比');
    });
  };
  syncElder();
  document.querySelectorAll('.elder-switch').forEach((button) =>
    button.addEventListener('click', () => {
      const on = !root.classList.contains(elderClass);
      root.classList.toggle(elderClass, on);
      try {
        if (on) localStorage.setItem(elderKey, '1');
        else localStorage.removeItem(elderKey);
      } catch {
        // Not remembered, but on for this page.
      }
      syncElder();
    }),
  );

  const link = document.querySelector('a.nav-toggle');
  const nav = link && document.getElementById(link.getAttribute('href')!.slice(1));
  if (link && nav) {
    const toggle = document.createElement('button');
    toggle.type = 'button';
    toggle.className = link.className;
    toggle.innerHTML = link.innerHTML;
    toggle.setAttribute('aria-controls', nav.id);
    const setOpen = (open: boolean) => {
      nav.classList.toggle('is-open', open);
      toggle.setAttribute('aria-expanded', String(open));
    };
    setOpen(location.hash === `#${nav.id}`);
    toggle.addEventListener('click', () => setOpen(!nav.classList.contains('is-open')));
    nav.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) setOpen(false);
    });
    nav.parentElement!.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !nav.classList.contains('is-open')) return;
      setOpen(false);
      toggle.focus();
    });
    link.replaceWith(toggle);
  }

  document.querySelectorAll<HTMLInputElement>('nav.pager input').forEach((input) =>
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      const pager = input.closest<HTMLElement>('nav.pager')!;
      const page = Math.min(Number(pager.dataset.pages), Math.max(1, parseInt(input.value, 10)));
      if (!page) return;
      const url = new URL(location.href);
      url.searchParams.set(pager.dataset.param!, String(page));
      location.assign(url);
    }),
  );

  document.querySelectorAll<HTMLFormElement>('form[role="search"]').forEach((form) =>
    form.addEventListener('submit', (event) => {
      const input = form.querySelector('input');
      if (input && !input.value.trim()) {
        event.preventDefault();
        input.focus();
        // Drawn as antd's message (styles/site.css), read out as it is shown.
        const notice = document.createElement('div');
        notice.className = 'static-notice';
        notice.setAttribute('role', 'alert');
        notice.textContent = '请输入搜索内容';
        document.querySelector('.static-notice')?.remove();
        document.body.append(notice);
        setTimeout(() => notice.remove(), 3000);
      }
    }),
  );

  document.querySelectorAll<HTMLImageElement>('img[data-fallback]').forEach((img) => {
    const fallback = () => {
      if (!img.src.endsWith(defaultImage)) img.src = defaultImage;
    };
    if (img.complete && img.naturalWidth === 0) fallback();
    else img.addEventListener('error', fallback);
  });

  // An article's view, counted as components/article/use-count-view.ts does, with the visitor
  // cookie of lib/visitor.ts.
  const views = document.querySelector<HTMLElement>('[data-count-view]');
  if (views) {
    if (!document.cookie.split(';').some((c) => c.trim().startsWith(`${visitorCookie}=`))) {
      const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
        b.toString(16).padStart(2, '0'),
      ).join('');
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      document.cookie = `${visitorCookie}=${id}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
    }
    const body = new URLSearchParams(JSON.parse(views.dataset.countView!));
    fetch('/api/news/view', { method: 'POST', body })
      .then((response) => response.json())
      .then((answer: { status: number; data: { viewCount: number } }) => {
        const shown = Number(views.textContent!.replace(/\D/g, ''));
        if (answer.status === 0 && answer.data.viewCount > shown)
          views.textContent = `浏览：${answer.data.viewCount}`;
      })
      .catch(() => undefined);
  }

  const up = document.querySelector<HTMLButtonElement>('button.back-to-top');
  if (up) {
    const show = () => (up.hidden = window.scrollY <= 380);
    show();
    window.addEventListener('scroll', show, { passive: true });
    up.addEventListener('click', () => window.scrollTo({ top: 0, behavior: 'smooth' }));
  }

  document
    .querySelectorAll('.ant-table-measure-row[aria-hidden="true"]')
    .forEach((copy) => copy.setAttribute('inert', ''));
}
