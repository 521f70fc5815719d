import { describe, expect, it } from 'vitest';
import { ANSWER_NOTE } from './answer';
import { improve, rewrite, runOfflineAction } from './engine';

const DRAFT =
  'teh Licensee shall utilize the the Software in order to prepare reports , and the Licensor shall assist the Licensee ' +
  'to ensure that a equitable outcome is reached for each and every user of the Software in the near future.';

describe('improve and rewrite', () => {
  it('improve proofreads and uses plain words, keeping the sentences as they are', () => {
    expect(improve(DRAFT)).toBe(
      'The Licensee shall use the Software to prepare reports, and the Licensor shall help the Licensee ' +
        'to make sure that a fair outcome is reached for each user of the Software soon.',
    );
  });

  it('rewrite also splits the long sentence', () => {
    expect(rewrite(DRAFT)).toBe(
      'The Licensee shall use the Software to prepare reports. The Licensor shall help the Licensee ' +
        'to make sure that a fair outcome is reached for each user of the Software soon.',
    );
  });
});

describe('runOfflineAction', () => {
  it('dispatches each action and is deterministic', () => {
    const text = 'We will commence work on Monday , subject to a equitable fee.';
    expect(runOfflineAction({ action: 'proofread', text })).toBe('We will commence work on Monday, subject to an equitable fee.');
    expect(runOfflineAction({ action: 'simplify', text })).toBe('We will start work on Monday , subject to a fair fee.');
    expect(runOfflineAction({ action: 'improve', text })).toBe('We will start work on Monday, subject to a fair fee.');
    expect(runOfflineAction({ action: 'rewrite', text })).toBe(runOfflineAction({ action: 'rewrite', text }));
    expect(runOfflineAction({ action: 'explain', text })).toMatch(/^Reading level: grade /);
  });

  it('summarizes the document when nothing is selected, and answers questions from it', () => {
    const documentText = 'Fees. The Customer shall pay a monthly fee of £2,000.\nTerm. The agreement lasts for twelve months from signature.';
    expect(runOfflineAction({ action: 'summarize', text: '', documentText })).toBe('The Customer shall pay a monthly fee of £2,000.');
    expect(runOfflineAction({ action: 'question', text: '', question: 'How long does the agreement last?', documentText })).toBe(
      `"The agreement lasts for twelve months from signature."\n${ANSWER_NOTE}`,
    );
    expect(runOfflineAction({ action: 'summarize', text: ' ' })).toBe('There is no text to summarize.');
  });
});
