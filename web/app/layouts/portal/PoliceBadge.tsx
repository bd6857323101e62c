/**
 * The small emblem shown before a 公安备案 number: drawn here, so no picture is fetched from
 * another site. Decorative: the number beside it is the link's text.
 */
export function PoliceBadge() {
  return (
    <svg
      className="police-badge"
      viewBox="0 0 20 20"
      width={16}
      height={16}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M10 1 17.5 4v5.2c0 4.6-3.1 8.3-7.5 9.8C5.6 17.5 2.5 13.8 2.5 9.2V4z"
        fill="#c8102e"
      />
      <path
        d="M10 3.2 15.6 5.4v3.9c0 3.6-2.3 6.5-5.6 7.7-3.3-1.2-5.6-4.1-5.6-7.7V5.4z"
        fill="none"
        stroke="#f5c542"
        strokeWidth="0.9"
      />
      <path
        d="m10 5.6 1.1 2.3 2.5.3-1.8 1.7.5 2.5-2.3-1.2-2.3 1.2.5-2.5-1.8-1.7 2.5-.3z"
        fill="#f5c542"
      />
    </svg>
  );
}
