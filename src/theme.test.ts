/**
 * The theme's contrast (config/theme.ts, docs/accessibility.md "Contrast"): every token antd draws text with, and the
 * text on primary and danger buttons and on preset tags, reaches WCAG 2.1 AA's 4.5:1 on white and antd's light greys;
 * textColorOn gives readable text on any colour.
 */
import { theme as antdTheme } from 'antd';
import { contrastRatio, luminance, primaryTokens, textColorOn, theme } from '../config/theme';

/** sRGB channels (0…1) of '#rrggbb' or 'rgba(r, g, b, a)' drawn over the opaque `under`. */
function channels(color: string, under: number[] = [1, 1, 1]): number[] {
  const hex = /^#([0-9a-f]{6})/i.exec(color);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16) / 255);
  const rgba = /^rgba?\(([^)]+)\)$/.exec(color.replace(/\s/g, ''));
  if (!rgba) throw new Error(`not a colour: ${color}`);
  const [r, g, b, a = 1] = rgba[1].split(',').map(Number);
  return [r, g, b].map((c, i) => (c / 255) * a + under[i] * (1 - a));
}
const ratio = (fg: string, bg: string) => {
  const under = channels(bg);
  return contrastRatio(luminance(channels(fg, under)), luminance(under));
};

const token = antdTheme.getDesignToken({ token: theme.token }) as unknown as Record<string, string>;
const BACKGROUNDS = ['#ffffff', '#fafafa', '#f5f5f5'];

describe('theme contrast', () => {
  it.each([
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
    'colorTextHeading',
    'colorTextLabel',
    'colorLink',
    'colorPrimary',
    'colorPrimaryText',
    'colorErrorText',
    'colorError',
  ])('%s is 4.5:1 or more on white, #fafafa and #f5f5f5', (name) => {
    for (const bg of BACKGROUNDS) expect(ratio(token[name], bg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['colorPrimary', 'colorPrimaryHover', 'colorError'])('white text on %s (solid buttons) is 4.5:1 or more', (name) => {
    expect(ratio('#ffffff', token[name])).toBeGreaterThanOrEqual(4.5);
  });

  it('a loading primary button keeps white text at 4.5:1 or more', () => {
    const faded = channels(token.colorPrimary).map((c) => c * Number(token.opacityLoading) + (1 - Number(token.opacityLoading)));
    expect(contrastRatio(luminance([1, 1, 1]), luminance(faded))).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    'blue',
    'purple',
    'cyan',
    'green',
    'magenta',
    'pink',
    'red',
    'orange',
    'yellow',
    'volcano',
    'geekblue',
    'gold',
    'lime',
  ])('a %s preset tag (7th shade on the 1st) is 4.5:1 or more', (preset) => {
    expect(ratio(token[`${preset}7`], token[`${preset}1`])).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['colorSuccess', 'colorSuccessBg'],
    ['colorWarning', 'colorWarningBg'],
  ] as const)('a status tag (Tag %s on %s) is 4.5:1 or more', (text, background) => {
    expect(ratio(theme.components.Tag[text], token[background])).toBeGreaterThanOrEqual(4.5);
  });

  it('the text of a finished progress bar (Progress colorSuccess) is 4.5:1 or more on white', () => {
    expect(ratio(theme.components.Progress.colorSuccess, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('the empty list text (List colorTextDisabled) is 4.5:1 or more', () => {
    expect(ratio(theme.components.List.colorTextDisabled, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('textColorOn', () => {
  it('gives white or black at 4.5:1 or more on every colour (a 4096-colour grid)', () => {
    const steps = Array.from({ length: 16 }, (_, i) => (i * 17).toString(16).padStart(2, '0'));
    let worst = 21;
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          const bg = `#${r}${g}${b}`;
          worst = Math.min(worst, ratio(textColorOn(bg) === '#fff' ? '#ffffff' : '#000000', bg));
        }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });

  it('white on the dark choice colours, black on the light ones; nothing for names', () => {
    expect(textColorOn('#0958d9')).toBe('#fff');
    expect(textColorOn('#722ed1')).toBe('#fff');
    expect(textColorOn('#faad14')).toBe('#000');
    expect(textColorOn('#52c41a')).toBe('#000');
    expect(textColorOn('#fff')).toBe('#000');
    expect(textColorOn('gold')).toBeUndefined();
    expect(textColorOn(undefined)).toBeUndefined();
  });
});

describe('primaryTokens', () => {
  it('keeps a theme colour white text reads on, darkens one it does not; the hover shade keeps 4.5:1', () => {
    expect(primaryTokens('#722ed1').colorPrimary).toBe('#722ed1');
    expect(primaryTokens('#0958d9').colorPrimary).toBe('#0958d9');
    for (const c of ['#1677ff', '#52c41a', '#faad14', '#13c2c2', '#ffffff', '#722ed1', '#0958d9']) {
      const { colorPrimary, colorPrimaryHover = '' } = primaryTokens(c);
      expect(ratio('#ffffff', colorPrimary)).toBeGreaterThanOrEqual(4.5);
      expect(ratio('#ffffff', colorPrimaryHover)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('passes another form through alone', () => {
    expect(primaryTokens('blue')).toEqual({ colorPrimary: 'blue' });
  });
});
