/**
 * docs/product.md §2 Document card: the colour theme follows the first keyword found in the file name, in the
 * order listed there, so 'Business Report' is blue (business comes first), not purple.
 */
export type CardThemeName = 'blue' | 'green' | 'purple' | 'orange' | 'indigo' | 'red' | 'slate';

export type CardTheme = {
  name: CardThemeName;
  /** The thumbnail's backdrop. */
  surface: string;
  /** The page's heading bar and accent lines. */
  accent: string;
  /** The icon and the status text. */
  text: string;
};

const RULES: { pattern: RegExp; theme: CardThemeName }[] = [
  { pattern: /business|plan/i, theme: 'blue' },
  { pattern: /contract|agreement/i, theme: 'green' },
  { pattern: /report|analysis/i, theme: 'purple' },
  { pattern: /proposal|project/i, theme: 'orange' },
  { pattern: /manual|guide/i, theme: 'indigo' },
  { pattern: /letter|memo/i, theme: 'red' },
];

// Written out in full so Tailwind finds every class in the source.
const THEMES: Record<CardThemeName, CardTheme> = {
  blue: { name: 'blue', surface: 'bg-blue-50', accent: 'bg-blue-500', text: 'text-blue-700' },
  green: { name: 'green', surface: 'bg-green-50', accent: 'bg-green-500', text: 'text-green-700' },
  purple: { name: 'purple', surface: 'bg-purple-50', accent: 'bg-purple-500', text: 'text-purple-700' },
  orange: { name: 'orange', surface: 'bg-orange-50', accent: 'bg-orange-500', text: 'text-orange-700' },
  indigo: { name: 'indigo', surface: 'bg-indigo-50', accent: 'bg-indigo-500', text: 'text-indigo-700' },
  red: { name: 'red', surface: 'bg-red-50', accent: 'bg-red-500', text: 'text-red-700' },
  slate: { name: 'slate', surface: 'bg-slate-100', accent: 'bg-slate-500', text: 'text-slate-700' },
};

export function cardTheme(fileName: string): CardTheme {
  const rule = RULES.find(({ pattern }) => pattern.test(fileName));
  return THEMES[rule?.theme ?? 'slate'];
}
