import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';

/** Appears past `threshold` px and scrolls back one step every 16 ms. */
export function BackToTop({ threshold }: { threshold: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);

  const scrollUp = () => {
    const timer = window.setInterval(() => {
      const top = window.scrollY;
      const step = Math.ceil(top / 6);
      window.scrollTo(0, top - step);
      if (top - step <= 0) window.clearInterval(timer);
    }, 16);
  };

  // Hidden rather than left out, so a page without React (lib/static-page.ts) has it to show.
  return (
    <button
      type="button"
      hidden={!visible}
      className="back-to-top"
      onClick={scrollUp}
      aria-label="返回顶部"
      title="返回顶部"
    >
      <VerticalAlignTopOutlined aria-hidden />
    </button>
  );
}
