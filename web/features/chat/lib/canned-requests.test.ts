import { describe, expect, it } from 'vitest';
import { SendChatMessageSchema } from '@common/schemas/chat';
import { CARD_ACTIONS, cannedRequest } from './canned-requests';

describe('cannedRequest', () => {
  it('quotes the selection and sends it with the action', () => {
    expect(cannedRequest('proofread', ' The Supplier shall recieve payment. ')).toEqual({
      content: 'Proofread this text: "The Supplier shall recieve payment."',
      action: 'proofread',
      selection: 'The Supplier shall recieve payment.',
    });
  });

  it('every action makes a request the server accepts, even for a selection longer than a message', () => {
    const long = 'word '.repeat(4000);
    for (const { action } of CARD_ACTIONS) {
      expect(SendChatMessageSchema.safeParse(cannedRequest(action, long)).success).toBe(true);
    }
  });
});
