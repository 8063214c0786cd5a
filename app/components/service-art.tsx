import type { Service } from "~/content/services";

/**
 * Each service page's hero picture: a small drawing in the brand palette, inline SVG
 * (no image request, no script), different for every service. Decorative: the heading
 * beside it says what the page is about.
 */
export function ServiceArt({ slug }: { slug: Service["slug"] }) {
  return (
    <svg className={`service-art service-art-${slug}`} viewBox="0 0 400 360" aria-hidden="true" focusable="false">
      <circle cx="200" cy="180" r="168" fill="var(--teal-soft)" opacity="0.35" />
      {drawings[slug]}
    </svg>
  );
}

const drawings: Record<Service["slug"], React.ReactNode> = {
  // A chip with a small network inside, and a lock: AI that stays on your own hardware.
  "custom-ai": (
    <g>
      <g stroke="var(--green)" strokeWidth="6" strokeLinecap="round">
        {[140, 170, 200, 230, 260].map((x) => (
          <g key={x}>
            <line x1={x} y1="64" x2={x} y2="88" />
            <line x1={x} y1="272" x2={x} y2="296" />
            <line x1="80" y1={x - 20} x2="104" y2={x - 20} />
            <line x1="296" y1={x - 20} x2="320" y2={x - 20} />
          </g>
        ))}
      </g>
      <rect
        x="104"
        y="84"
        width="192"
        height="192"
        rx="28"
        fill="var(--teal-deep)"
        stroke="var(--green-light)"
        strokeWidth="3"
      />
      <g stroke="var(--green-light)" strokeWidth="2.5" opacity="0.8">
        <path
          d="M150 130 L200 180 L250 130 M150 230 L200 180 L250 230 M150 130 L150 230 M250 130 L250 230 M150 180 H250"
          fill="none"
        />
      </g>
      <circle cx="200" cy="180" r="20" fill="var(--coral)" />
      {[
        [150, 130],
        [250, 130],
        [150, 230],
        [250, 230],
        [150, 180],
        [250, 180],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="9" fill="var(--cream)" />
      ))}
      <g transform="translate(276 240)">
        <circle r="38" fill="var(--coral)" />
        <path d="M-11 -4 V-12 a11 11 0 0 1 22 0 V-4" fill="none" stroke="var(--cream)" strokeWidth="5" />
        <rect x="-17" y="-4" width="34" height="26" rx="5" fill="var(--cream)" />
        <circle cy="8" r="4" fill="var(--coral)" />
      </g>
    </g>
  ),
  // Three stacked layers (data, API, interface) under a code window.
  development: (
    <g>
      <g transform="translate(200 250)">
        <path d="M0 -40 L120 20 L0 80 L-120 20 Z" fill="var(--teal-deep)" />
        <path d="M0 -70 L120 -10 L0 50 L-120 -10 Z" fill="var(--green)" />
        <path d="M0 -100 L120 -40 L0 20 L-120 -40 Z" fill="var(--highlight)" opacity="0.9" />
      </g>
      <g transform="translate(96 44)">
        <rect width="208" height="150" rx="16" fill="var(--cream)" />
        <rect width="208" height="30" rx="16" fill="var(--cream-deep)" />
        <rect y="16" width="208" height="14" fill="var(--cream-deep)" />
        <circle cx="20" cy="15" r="5" fill="var(--coral)" />
        <circle cx="36" cy="15" r="5" fill="var(--green)" />
        <circle cx="52" cy="15" r="5" fill="var(--teal-soft)" />
        <path
          d="M48 72 L28 92 L48 112 M160 72 L180 92 L160 112 M118 64 L92 120"
          fill="none"
          stroke="var(--teal)"
          strokeWidth="9"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <rect x="28" y="128" width="70" height="8" rx="4" fill="var(--coral)" />
        <rect x="106" y="128" width="48" height="8" rx="4" fill="var(--teal-soft)" opacity="0.5" />
      </g>
    </g>
  ),
  // A loop that runs by itself: a request, a bot and an e-mail on one circle.
  "ai-automations": (
    <g>
      <circle
        cx="200"
        cy="180"
        r="112"
        fill="none"
        stroke="var(--green)"
        strokeWidth="8"
        strokeDasharray="2 22"
        strokeLinecap="round"
      />
      <path
        d="M88 180 A112 112 0 0 1 296 122"
        fill="none"
        stroke="var(--highlight)"
        strokeWidth="8"
        strokeLinecap="round"
      />
      <path
        d="M282 100 L300 126 L270 132"
        fill="none"
        stroke="var(--highlight)"
        strokeWidth="8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <g transform="translate(200 180)">
        <rect x="-48" y="-42" width="96" height="84" rx="22" fill="var(--cream)" />
        <line x1="0" y1="-42" x2="0" y2="-62" stroke="var(--cream)" strokeWidth="6" />
        <circle cy="-66" r="9" fill="var(--coral)" />
        <circle cx="-18" cy="-6" r="9" fill="var(--teal)" />
        <circle cx="18" cy="-6" r="9" fill="var(--teal)" />
        <path d="M-16 18 Q0 28 16 18" fill="none" stroke="var(--teal)" strokeWidth="5" strokeLinecap="round" />
      </g>
      <g transform="translate(96 268)">
        <circle r="36" fill="var(--coral)" />
        <rect x="-19" y="-13" width="38" height="26" rx="3" fill="var(--cream)" />
        <path d="M-19 -11 L0 4 L19 -11" fill="none" stroke="var(--coral)" strokeWidth="3.5" strokeLinejoin="round" />
      </g>
      <g transform="translate(310 252)">
        <circle r="32" fill="var(--teal-deep)" stroke="var(--green)" strokeWidth="3" />
        <path
          d="M-12 0 L-3 9 L13 -9"
          fill="none"
          stroke="var(--green-light)"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </g>
  ),
  // A clapperboard, a record light and a strip of film.
  production: (
    <g>
      <g transform="translate(40 262) rotate(-8)">
        <rect width="320" height="56" rx="8" fill="var(--ink)" />
        {[16, 56, 96, 136, 176, 216, 256, 296].map((x) => (
          <rect key={x} x={x} y="8" width="14" height="8" rx="2" fill="var(--cream)" opacity="0.7" />
        ))}
        {[16, 56, 96, 136, 176, 216, 256, 296].map((x) => (
          <rect key={x} x={x} y="40" width="14" height="8" rx="2" fill="var(--cream)" opacity="0.7" />
        ))}
        <rect x="40" y="20" width="70" height="16" rx="2" fill="var(--teal-soft)" />
        <rect x="122" y="20" width="70" height="16" rx="2" fill="var(--coral)" opacity="0.8" />
        <rect x="204" y="20" width="70" height="16" rx="2" fill="var(--green)" opacity="0.8" />
      </g>
      <g transform="translate(104 92)">
        <rect y="44" width="192" height="124" rx="12" fill="var(--teal-deep)" stroke="var(--cream)" strokeWidth="3" />
        <g transform="rotate(-14)">
          <rect width="192" height="36" rx="6" fill="var(--cream)" />
          {[8, 56, 104, 152].map((x) => (
            <path key={x} d={`M${x} 0 H${x + 24} L${x + 4} 36 H${x - 20} Z`} fill="var(--ink)" />
          ))}
        </g>
        <path d="M80 82 L124 106 L80 130 Z" fill="var(--coral)" />
        <circle cx="170" cy="66" r="8" fill="var(--coral)" />
      </g>
    </g>
  ),
  // A pen's curve with its handles, and the shapes it draws.
  design: (
    <g>
      <circle cx="128" cy="122" r="56" fill="var(--green)" />
      <rect
        x="222"
        y="70"
        width="98"
        height="98"
        rx="14"
        fill="none"
        stroke="var(--coral)"
        strokeWidth="8"
        transform="rotate(12 271 119)"
      />
      <path
        d="M70 268 C120 150 260 330 330 196"
        fill="none"
        stroke="var(--cream)"
        strokeWidth="8"
        strokeLinecap="round"
      />
      <g stroke="var(--cream)" strokeWidth="2.5" opacity="0.85">
        <line x1="70" y1="268" x2="120" y2="150" />
        <line x1="330" y1="196" x2="260" y2="330" />
      </g>
      {[
        [70, 268],
        [330, 196],
      ].map(([x, y]) => (
        <rect
          key={x}
          x={x! - 10}
          y={y! - 10}
          width="20"
          height="20"
          fill="var(--coral)"
          stroke="var(--cream)"
          strokeWidth="3"
        />
      ))}
      {[
        [120, 150],
        [260, 330],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="8" fill="var(--cream)" />
      ))}
    </g>
  ),
};
