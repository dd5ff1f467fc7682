/**
 * Ant Design theme tokens shared by the app (the spinner of docs/routes-and-loading.md "Loading spinner" uses colorPrimary).
 *
 * Colours are chosen for contrast (docs/accessibility.md "Contrast"): every token used for text is at least 4.5:1 on
 * white and on antd's light greys (#f5f5f5, #fafafa), as WCAG 2.1 AA asks of normal-size text; the route map's axe run
 * checks the result on every page. antd's defaults fall short: #1677ff on white is 4.1:1, the 45 % black of secondary
 * descriptions 3.4:1, the error red #ff4d4f 3.3:1, the 7th shade of the gold, green, cyan, orange, volcano, lime and yellow
 * presets (a Tag's text on its 1st shade) 2.0 to 4.4:1.
 */
export const PRIMARY_COLOR = '#0958d9'; // antd blue-7: 6.2:1 on white, and white on it (primary buttons)
/**
 * Description, tertiary and placeholder text: 56 % black, 5.0:1 on white and 4.8:1 on #f5f5f5 (antd: 45 %, 3.4:1).
 * Exported for the few inline styles that colour a hint outside antd's components.
 */
export const TEXT_TERTIARY = 'rgba(0, 0, 0, 0.56)';
/** A neutral count badge's background (white digits on it, 5.0:1; antd's greys #bfbfbf and #999 give 1.8:1 and 2.8:1). */
export const BADGE_NEUTRAL = '#707070';
/** Error text, danger buttons (text and solid): 5.1:1 on white (antd #ff4d4f: 3.3:1). */
const ERROR_COLOR = '#d4282e';

/**
 * antd's colorPrimary and colorPrimaryHover for a theme colour '#rrggbb' (the app's, or an application's own that its
 * workspace takes, src/pages/workspace/WorkspaceGate.tsx): the colour itself when white on it reaches 4.5:1, else the
 * colour darkened in 5 % steps towards black until it does; the hover shade is the lightest mix of it with white (at
 * most 25 %) that still keeps 4.5:1 (antd's own hover shade is lighter and drops below). Another form ('', a name) is
 * passed through as colorPrimary alone.
 */
export function primaryTokens(color: string): { colorPrimary: string; colorPrimaryHover?: string } {
  const rgb = hexChannels(color);
  if (!rgb) return { colorPrimary: color };
  const onWhite = (c: number[]) => contrastRatio(1, luminance(c));
  let primary = rgb;
  for (let i = 1; i <= 20 && onWhite(primary) < 4.5; i++) primary = rgb.map((c) => c * (1 - 0.05 * i));
  const hover =
    [0.25, 0.2, 0.15, 0.1, 0.05].map((t) => primary.map((c) => c + (1 - c) * t)).find((c) => onWhite(c) >= 4.5) ?? primary;
  return { colorPrimary: toHex(primary), colorPrimaryHover: toHex(hover) };
}

const hexChannels = (color: string): number[] | undefined => {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!m) return undefined;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
};
const toHex = (c: number[]) =>
  `#${c
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

export const theme = {
  token: {
    ...primaryTokens(PRIMARY_COLOR),
    colorInfo: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    colorLinkHover: primaryTokens(PRIMARY_COLOR).colorPrimaryHover,
    colorError: ERROR_COLOR,
    colorTextTertiary: TEXT_TERTIARY,
    colorTextDescription: TEXT_TERTIARY,
    colorTextPlaceholder: TEXT_TERTIARY,
    // a loading button keeps its colours (antd fades it to 65 %: white on primary drops to 2.4:1)
    opacityLoading: 0.9,
    // preset Tag text (the 7th shade on the 1st): the shades of antd's palette that reach 4.5:1
    gold7: '#874d00',
    green7: '#237804',
    cyan7: '#006d75',
    orange7: '#ad4e00',
    volcano7: '#ad2102',
    lime7: '#3f6600',
    yellow7: '#876800',
    borderRadius: 6,
  },
  components: {
    // an empty list's or table's text is drawn in the disabled grey (25 % black, 1.8:1): it is a message, not a disabled control
    List: { colorTextDisabled: TEXT_TERTIARY },
    Table: { colorTextDisabled: TEXT_TERTIARY },
    // a status Tag (`success`, `warning`) writes its text in the status colour on that colour's
    // lightest shade: #52c41a on #f6ffed is 2.2:1 and #faad14 on #fffbe6 1.9:1; the 7th shades reach 4.5:1
    Tag: { colorSuccess: '#237804', colorWarning: '#874d00' },
    // a finished Progress writes its `3/3` in the success colour on white (#52c41a: 2.3:1)
    Progress: { colorSuccess: '#237804' },
  },
};

/**
 * The text colour to draw on a background of `background` ('#rgb' or '#rrggbb', e.g. a choice's or a tag's colour a
 * user picked): white or black, whichever contrasts more (one of the two always reaches 4.58:1). Anything else
 * (an antd preset name, '') gives undefined: antd's own colours apply.
 */
export function textColorOn(background: string | undefined): string | undefined {
  const channels = hexChannels(background ?? '');
  if (!channels) return undefined;
  const onWhite = contrastRatio(luminance([1, 1, 1]), luminance(channels));
  const onBlack = contrastRatio(luminance(channels), 0);
  return onWhite >= onBlack ? '#fff' : '#000';
}

/** WCAG 2.1 relative luminance of sRGB channels in 0…1. */
export function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.1 contrast ratio of two relative luminances (1…21). */
export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
