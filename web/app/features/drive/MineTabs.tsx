import { useRef, type KeyboardEvent } from 'react';

/**
 * The tabs of 我的网盘 (我的网盘 … 回收站): a tab list that wraps onto a second line on a
 * phone rather than hiding tabs behind a 「…」 overflow, with the arrow keys of the ARIA tabs
 * pattern. The pane below is the page's list, chosen by the address.
 */
export function MineTabs<K extends string>({
  items,
  active,
  onChange,
}: {
  items: ReadonlyArray<{ key: K; label: string }>;
  active: K;
  onChange: (key: K) => void;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const to =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? items.length - 1
          : step
            ? (index + step + items.length) % items.length
            : null;
    if (to === null) return;
    event.preventDefault();
    buttons.current[to]?.focus();
  };
  return (
    <div role="tablist" aria-label="我的网盘" className="mine-tabs">
      {items.map((item, index) => (
        <button
          key={item.key}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          aria-selected={item.key === active}
          tabIndex={item.key === active ? 0 : -1}
          className={item.key === active ? 'mine-tab is-active' : 'mine-tab'}
          onClick={() => item.key !== active && onChange(item.key)}
          onKeyDown={(event) => move(event, index)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
