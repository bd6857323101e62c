import type { MouseEvent } from 'react';
import { setElderMode, useElderMode } from '../../lib/elder-mode';

/**
 * The 长辈模式 switch of the portal and staff headers: a real toggle button (aria-pressed), so a
 * screen reader says whether it is on.
 */
export function ElderModeSwitch({ className }: { className?: string }) {
  const on = useElderMode();
  return (
    <button
      type="button"
      className={`elder-switch link-button${className ? ` ${className}` : ''}`}
      aria-pressed={on}
      title={on ? '恢复标准字号与配色' : '放大字号、加强对比'}
      onClick={() => setElderMode(!on)}
    >
      长辈模式
    </button>
  );
}

/**
 * 跳到主要内容: the first thing a keyboard reaches on every page, shown when focused; it leads to
 * the page's <main id="main">.
 */
export function SkipLink() {
  // Pages put id="main" on their <main> (the link works without JavaScript); with it, focus
  // moves to the page's main even where a page's <main> has no id, and reading starts there.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.querySelector('main');
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href="#main" onClick={skip}>
      跳到主要内容
    </a>
  );
}
