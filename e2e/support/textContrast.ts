import type { Page } from '@playwright/test';

/**
 * The visible text on the page (Monaco's own theme and disabled controls aside) whose contrast with what lies behind
 * it is below WCAG AA: 4.5:1, or 3:1 for large text. One line per distinct element class and colour pair.
 */
export function lowContrastText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgb = { r: number; g: number; b: number };
    const parse = (css: string) => {
      const m = /rgba?\(([^)]+)\)/.exec(css);
      if (!m?.[1]) return null;
      const [r = 0, g = 0, b = 0, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return { r, g, b, a };
    };
    const over = (top: Rgb & { a: number }, base: Rgb): Rgb => ({
      r: top.r * top.a + base.r * (1 - top.a),
      g: top.g * top.a + base.g * (1 - top.a),
      b: top.b * top.a + base.b * (1 - top.a),
    });
    const luminance = ({ r, g, b }: Rgb) => {
      const f = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    /** The colour behind an element: its own and its ancestors' backgrounds, down to the first opaque one. */
    const behind = (el: Element): Rgb => {
      const layers = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c.a > 0) layers.push(c);
        if (c && c.a >= 1) break;
      }
      return layers.reverse().reduce<Rgb>((base, layer) => over(layer, base), { r: 255, g: 255, b: 255 });
    };
    const found = new Map<string, string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const content = node.textContent?.trim();
      if (!content || !el || el.closest('.monaco-editor, [disabled], [aria-disabled="true"]')) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.bottom < 0 || box.top > innerHeight || style.visibility === 'hidden') continue;
      const fg = parse(style.color);
      if (!fg) continue;
      const bg = behind(el);
      const [text, back] = [luminance(over(fg, bg)), luminance(bg)];
      const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio >= (large ? 3 : 4.5)) continue;
      const key = `${el.tagName}.${el.className}|${style.color}|${ratio.toFixed(1)}`;
      found.set(key, `${ratio.toFixed(2)}:1 ${el.tagName.toLowerCase()}.${String(el.className).replace(/ /g, '.')} ${style.color} on rgb(${Math.round(bg.r)}, ${Math.round(bg.g)}, ${Math.round(bg.b)}): "${content.slice(0, 40)}"`);
    }
    return [...found.values()];
  });
}
