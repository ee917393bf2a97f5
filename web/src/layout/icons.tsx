// Inline icons: no icon font, no third-party request. All decorative (aria-hidden);
// the controls that hold them carry the accessible name.
interface IconProps {
  size?: number;
}

function Svg({ size = 20, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function LockIcon({ open, size = 16 }: IconProps & { open: boolean }) {
  return (
    <Svg size={size}>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d={open ? 'M8 11V7a4 4 0 0 1 7.7-1.5' : 'M8 11V7a4 4 0 0 1 8 0v4'} />
    </Svg>
  );
}

export function MenuIcon({ open }: { open: boolean }) {
  return (
    <Svg size={24}>
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </Svg>
  );
}

export function CloseIcon() {
  return (
    <Svg>
      <path d="M6 6l12 12M18 6L6 18" />
    </Svg>
  );
}

export function ArrowUpIcon() {
  return (
    <Svg size={22}>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </Svg>
  );
}

export function ArrowRightIcon() {
  return (
    <Svg size={18}>
      <path d="M5 12h14M13 5l7 7-7 7" />
    </Svg>
  );
}

export function ThemeIcon() {
  return (
    <Svg size={18}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3a9 9 0 0 0 0 18z" fill="currentColor" />
    </Svg>
  );
}
