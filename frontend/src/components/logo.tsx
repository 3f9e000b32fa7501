export type LogoProps = {
  size?: number;
};

/** The product mark: decorative, the product name is always written beside it. */
export function Logo({ size = 40 }: LogoProps) {
  return (
    <svg className="logo" viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="#4338ca" />
      <path d="M11 13h18v4h-7v12h-4V17h-7z" fill="#ffffff" />
      <circle cx="29" cy="27" r="3" fill="#5eead4" />
    </svg>
  );
}
