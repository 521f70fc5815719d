import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE_RULES, type StyleRules } from '@common/schemas/review';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../../tests/support/component';
import { StyleRulesPage } from './style-rules-page';

const HOUSE_STYLE: StyleRules = {
  spelling: 'uk',
  wordsToAvoid: [{ word: 'shall', replacement: 'must' }],
  serialComma: 'off',
  maxSentenceWords: 35,
  maxReadingGrade: 14,
  freeTextRules: [
    { id: 'rule-1', text: 'Payment terms must not exceed 30 days' },
    { id: 'rule-2', text: 'Every indemnity must be mutual' },
  ],
  disabled: ['passive-voice'],
};

const BAD_JSON = 'Line 4, column 1: Unexpected token } in JSON: remove the comma before it';

type Answer = { status: number; body: unknown };

/** The style rules API as the page sees it: what it stores, and every save and import sent. */
function rulesServer(stored: StyleRules, { save, importAnswer }: { save?: Answer; importAnswer?: Answer } = {}) {
  const saves: unknown[] = [];
  const imports: string[] = [];
  stubFetch((url, init) => {
    if (url !== '/api/style-rules' && url !== '/api/style-rules/import') return undefined;
    if (init.method === 'PUT') {
      saves.push(JSON.parse(String(init.body)));
      if (save) return jsonResponse(save.body, save.status);
      stored = saves.at(-1) as StyleRules;
      return jsonResponse(stored);
    }
    if (init.method === 'POST') {
      imports.push(String(init.body));
      if (importAnswer?.status === 200) stored = importAnswer.body as StyleRules;
      return jsonResponse(importAnswer?.body, importAnswer?.status);
    }
    return jsonResponse(stored);
  });
  return { saves, imports };
}

const open = async () => {
  const view = renderWithProviders(<StyleRulesPage />);
  await screen.findByRole('list', { name: 'Built-in checks' });
  return view;
};
const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="file"]')!;
const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('the Style rules page', () => {
  it('shows every stored setting, with Export linking to the file', async () => {
    rulesServer(HOUSE_STYLE);
    await open();

    expect(screen.getByRole('heading', { level: 1, name: 'Style rules' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Spelling' }).textContent).toBe('UK (colour, organise)');
    expect(screen.getByRole('combobox', { name: 'Serial comma' }).textContent).toBe('Never: red, white and blue');
    expect((screen.getByLabelText('Longest sentence (words)') as HTMLInputElement).value).toBe('35');
    expect((screen.getByLabelText('Highest reading grade') as HTMLInputElement).value).toBe('14');
    expect((screen.getByRole('textbox', { name: 'Word 1' }) as HTMLInputElement).value).toBe('shall');
    expect((screen.getByRole('textbox', { name: 'Replacement for word 1' }) as HTMLInputElement).value).toBe('must');
    expect((screen.getByRole('textbox', { name: 'Rule 2' }) as HTMLTextAreaElement).value).toBe('Every indemnity must be mutual');
    expect(screen.getByRole('switch', { name: 'Passive voice' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Defined terms' }).getAttribute('aria-checked')).toBe('true');
    expect(within(screen.getByRole('list', { name: 'Built-in checks' })).getAllByRole('switch')).toHaveLength(14);

    const exportLink = screen.getByRole('link', { name: 'Export' });
    expect(exportLink.getAttribute('href')).toBe('/api/style-rules/export');
    expect(exportLink.hasAttribute('download')).toBe(true);
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves every change in one request, then shows it saved', async () => {
    const server = rulesServer(HOUSE_STYLE);
    const user = userEvent.setup();
    await open();

    await user.click(screen.getByRole('button', { name: 'Add word' }));
    await user.type(screen.getByRole('textbox', { name: 'Word 2' }), 'utilise');
    await user.type(screen.getByRole('textbox', { name: 'Replacement for word 2' }), 'use');
    await user.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await user.type(screen.getByRole('textbox', { name: 'Rule 2' }), 'Notices must be in writing');
    await user.click(screen.getByRole('switch', { name: 'Double spaces' }));
    await user.click(screen.getByRole('switch', { name: 'Passive voice' }));
    const sentence = screen.getByLabelText('Longest sentence (words)');
    await user.clear(sentence);
    await user.type(sentence, '30');

    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
    // Export would download the saved rules, not these.
    expect(screen.queryByRole('link', { name: 'Export' })).toBeNull();
    await user.click(saveButton());

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect(server.saves).toEqual([
      {
        ...HOUSE_STYLE,
        wordsToAvoid: [
          { word: 'shall', replacement: 'must' },
          { word: 'utilise', replacement: 'use' },
        ],
        maxSentenceWords: 30,
        // rule-1 is free again, but a new rule takes the first id no rule holds now.
        freeTextRules: [
          { id: 'rule-2', text: 'Every indemnity must be mutual' },
          { id: 'rule-1', text: 'Notices must be in writing' },
        ],
        disabled: ['spacing'],
      },
    ]);
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Export' })).toBeTruthy();
  });

  it('says what is wrong beside each field, and sends nothing', async () => {
    const server = rulesServer(DEFAULT_STYLE_RULES);
    const user = userEvent.setup();
    await open();

    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    await user.clear(screen.getByLabelText('Highest reading grade'));
    await user.type(screen.getByLabelText('Highest reading grade'), '3');
    await user.click(saveButton());

    expect(await screen.findByText('A rule cannot be empty')).toBeTruthy();
    expect(screen.getByText('A word to avoid cannot be empty')).toBeTruthy();
    expect(screen.getByText('At least 4')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Rule 1' }).getAttribute('aria-invalid')).toBe('true');
    expect(server.saves).toEqual([]);
  });

  it("shows a save the server refused at its field, with the server's reason", async () => {
    const message = '"shall" is already in the words to avoid';
    rulesServer(HOUSE_STYLE, {
      save: { status: 400, body: { error: { code: 'validation_failed', message: `wordsToAvoid.1.word: ${message}`, details: { issues: [{ path: 'wordsToAvoid.1.word', message }] } } } },
    });
    const user = userEvent.setup();
    await open();

    await user.click(screen.getByRole('button', { name: 'Add word' }));
    await user.type(screen.getByRole('textbox', { name: 'Word 2' }), 'Shall');
    await user.click(saveButton());

    expect((await screen.findByRole('alert')).textContent).toBe(`Your rules were not saved: wordsToAvoid.1.word: ${message}`);
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
  });

  it("shows a refused import's line and reason, and leaves the rules as they were", async () => {
    const server = rulesServer(HOUSE_STYLE, { importAnswer: { status: 400, body: { error: { code: 'validation_failed', message: BAD_JSON } } } });
    const user = userEvent.setup();
    const { container } = await open();

    const text = '{\n  "spelling": "us",\n  "serialComma": "on",\n}\n';
    await user.upload(fileInput(container), new File([text], 'house-style.json', { type: 'application/json' }));

    expect((await screen.findByRole('alert')).textContent).toBe(`house-style.json was not imported, and nothing was changed. ${BAD_JSON}`);
    expect(server.imports).toEqual([text]);
    expect(screen.getByRole('combobox', { name: 'Spelling' }).textContent).toBe('UK (colour, organise)');
    expect((screen.getByRole('textbox', { name: 'Word 1' }) as HTMLInputElement).value).toBe('shall');
    expect(server.saves).toEqual([]);
  });

  it('puts the imported rules in the form, and says so', async () => {
    const imported: StyleRules = { ...DEFAULT_STYLE_RULES, spelling: 'us', wordsToAvoid: [{ word: 'whilst', replacement: 'while' }], disabled: ['numbers'] };
    rulesServer(HOUSE_STYLE, { importAnswer: { status: 200, body: imported } });
    const user = userEvent.setup();
    const { container } = await open();

    await user.upload(fileInput(container), new File([JSON.stringify(imported)], 'team.json', { type: 'application/json' }));

    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Word 1' }) as HTMLInputElement).value).toBe('whilst'));
    expect(screen.getByRole('combobox', { name: 'Spelling' }).textContent).toBe('US (color, organize)');
    expect(screen.queryByRole('textbox', { name: 'Rule 1' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Numbers in words and digits' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Passive voice' }).getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('Your rules are now the ones in team.json.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
