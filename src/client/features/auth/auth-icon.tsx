/*
 * The four icons of the signed-out pages (the username and password fields, the two federations'
 * buttons), drawn as SVG: with them the login page needs no icon font, which is 41 KB that a phone
 * would otherwise fetch before the page settles. The glyphs are those of semantic-ui-css's icon font
 * (its icons.svg): Font Awesome Free 5.0.8 by @fontawesome, https://fontawesome.com, icons under
 * CC BY 4.0 (https://fontawesome.com/license). A font's y axis points up: each path is flipped.
 */
const glyphs = {
  user: { width: 512, d: 'M256 448C344.37 448 416 376.37 416 288S344.37 128 256 128S96 199.63 96 288S167.63 448 256 448zM439.28 114.18L367.97 132.01C293.05 78.12 202.23 90.14 144.03 132.01L72.72 114.18C29.98 103.5 0 65.1 0 21.05V-16C0 -42.51 21.49 -64 48 -64H464C490.51 -64 512 -42.51 512 -16V21.05C512 65.1 482.02 103.5 439.28 114.18z' },
  lock: { width: 448, d: 'M400 224H376V296C376 379.8 307.8 448 224 448S72 379.8 72 296V224H48C21.5 224 0 202.5 0 176V-16C0 -42.5 21.5 -64 48 -64H400C426.5 -64 448 -42.5 448 -16V176C448 202.5 426.5 224 400 224zM296 224H152V296C152 335.7 184.3 368 224 368S296 335.7 296 296V224z' },
  university: { width: 512, d: 'M496 320V304A8 8 0 0 0 488 296H464V284C464 277.37 458.63 272 452 272H60C53.37 272 48 277.37 48 284V296H24A8 8 0 0 0 16 304V320A8 8 0 0 0 20.94 327.39L252.94 415.39A8 8 0 0 0 259.06 415.39L491.06 327.39A8 8 0 0 0 496 320zM472 16H40C26.75 16 16 5.26 16 -8V-24A8 8 0 0 1 24 -32H488A8 8 0 0 1 496 -24V-8C496 5.26 485.26 16 472 16zM96 256V64H60C53.37 64 48 58.63 48 52V32H464V52C464 58.63 458.63 64 452 64H416V256H352V64H288V256H224V64H160V256H96z' },
  globe: { width: 512, d: 'M364.22 256H495.65C501.08 235.58 504 214.13 504 192S501.08 148.42 495.65 128H364.22C369.37 171.05 369.15 214.75 364.22 256zM185.21 96C195.89 42.32 218.39 -16.51 255.34 -55.99C255.56 -55.99 255.78 -56 256 -56S256.44 -55.99 256.66 -55.99C293.67 -16.45 316.13 42.42 326.79 96H185.21zM359.34 288H484.73C452.8 363.98 384.13 420.7 300.95 435.93C331.19 392.81 349.77 339.59 359.34 288zM331.99 256H180.01C174.67 214.09 174.66 169.96 180.01 128H332C337.33 169.92 337.34 214.04 331.99 256zM152.66 96H27.27C59.2 20.02 127.87 -36.69 211.05 -51.92C180.8 -8.79 162.23 44.43 152.66 96zM359.34 96C349.77 44.4 331.18 -8.81 300.95 -51.92C384.13 -36.69 452.8 20.02 484.73 96H359.34zM326.79 288C316.11 341.68 293.61 400.51 256.66 439.99C256.44 439.99 256.22 440 256 440S255.56 439.99 255.34 439.99C218.33 400.45 195.87 341.58 185.21 288H326.79zM16.36 256C10.92 235.58 8 214.13 8 192S10.92 148.42 16.36 128H147.79C142.85 169.25 142.63 212.95 147.79 256H16.36zM152.66 288C162.23 339.6 180.82 392.81 211.05 435.93C127.87 420.7 59.2 363.98 27.27 288H152.66z' },
} as const;

export type AuthIconName = keyof typeof glyphs;

/** One of the signed-out pages' icons, in semantic-ui's icon markup (`<i class="icon">`) so it sits where a font icon would. */
export function AuthIcon({ name }: { name: AuthIconName }) {
  const { width, d } = glyphs[name];
  return (
    <i className="icon svg-icon" aria-hidden="true">
      <svg viewBox={`0 -448 ${width} 512`} focusable="false">
        <path transform="scale(1 -1)" d={d} />
      </svg>
    </i>
  );
}
