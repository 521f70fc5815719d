import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCX_MIME_TYPE, MAX_UPLOAD_BYTES } from '@common/limits';
import type { Document } from '@common/schemas/documents';
import { renderWithProviders } from '../../../../tests/support/component';
import { UploadPanel } from './upload-panel';

/**
 * The upload goes out by XMLHttpRequest (for its progress events), so that is the boundary
 * replaced here: each request waits until the test answers it.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  body: FormData | null = null;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const stored = (originalName: string): Document => ({
  id: 41,
  filename: 'a1b2c3.docx',
  originalName,
  fileSize: 2048,
  mimeType: DOCX_MIME_TYPE,
  status: 'uploaded',
  statusReason: null,
  userId: 1,
  uploadedAt: '2025-03-01T10:00:00.000Z',
  processedAt: null,
  lastOpenedAt: null,
  archivedAt: null,
  wordCount: null,
  currentVersion: 1,
});

const docx = (name: string, { type = DOCX_MIME_TYPE, size = 2048 }: { type?: string; size?: number } = {}) =>
  new File([new Uint8Array(size)], name, { type });

function setup() {
  const onUploaded = vi.fn();
  renderWithProviders(<UploadPanel onUploaded={onUploaded} />);
  // applyAccept off: the panel must refuse a wrong file itself (a drop, or 'All files' in the picker).
  const user = userEvent.setup({ applyAccept: false });
  const choose = (file: File) => user.upload(screen.getByTestId('upload-input'), file);
  const drop = (...files: File[]) => fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files, types: ['Files'] } });
  return { user, choose, drop, onUploaded };
}

/** The toast's title and description, as the toast region shows them. */
async function toastSays(title: string, description: string) {
  const region = await screen.findByTestId('toasts');
  await waitFor(() => {
    expect(within(region).getByText(title)).toBeTruthy();
    expect(within(region).getByText(description)).toBeTruthy();
  });
}

const chosenFile = () => screen.queryByTestId('chosen-file');

describe('UploadPanel', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('shows the chosen file with its size in MB and an Upload Document button', async () => {
    const { choose } = setup();
    expect(screen.getByText('Drop your Word document here')).toBeTruthy();
    expect(screen.getByText('Supports .docx files up to 10MB')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload Document' })).toBeNull();

    await choose(docx('Lease.docx', { size: 1_572_864 }));

    expect(within(chosenFile()!).getByText('Lease.docx')).toBeTruthy();
    expect(within(chosenFile()!).getByText('1.50 MB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeTruthy();
  });

  describe('checks a file in the order of docs/product.md §5', () => {
    it('1. the name: a file failing every check is refused for its name', async () => {
      const { choose } = setup();
      await choose(docx('scan.pdf', { type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 }));
      await toastSays('Invalid file type', 'Please select a .docx file.');
      expect(chosenFile()).toBeNull();
    });

    it('2. the browser-reported type: a .docx named file of another type and too large is refused for its type', async () => {
      const { choose } = setup();
      await choose(docx('scan.docx', { type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 }));
      await toastSays('Invalid file type', 'File type application/pdf not supported. Please select a .docx file.');
      expect(chosenFile()).toBeNull();
    });

    it('3. the size: more than 10 MB is refused', async () => {
      const { choose } = setup();
      await choose(docx('Big.DOCX', { size: MAX_UPLOAD_BYTES + 1 }));
      await toastSays('File too large', 'Please select a file smaller than 10MB.');
      expect(chosenFile()).toBeNull();
    });

    it('accepts exactly 10 MB, an upper-case .DOCX, and a generic or missing type', async () => {
      const { choose } = setup();
      for (const file of [
        docx('Exact.DOCX', { size: MAX_UPLOAD_BYTES }),
        docx('Binary.docx', { type: 'application/octet-stream' }),
        docx('Untyped.docx', { type: '' }),
      ]) {
        await choose(file);
        expect(within(chosenFile()!).getByText(file.name)).toBeTruthy();
      }
      expect(screen.queryByText('Invalid file type')).toBeNull();
      expect(screen.queryByText('File too large')).toBeNull();
    });

    it('a refused file leaves the chosen one in place', async () => {
      const { choose } = setup();
      await choose(docx('Keep.docx'));
      await choose(docx('notes.txt', { type: 'text/plain' }));
      await toastSays('Invalid file type', 'Please select a .docx file.');
      expect(within(chosenFile()!).getByText('Keep.docx')).toBeTruthy();
    });
  });

  describe('uses only the first file of a drop', () => {
    it('takes the first of two good files', async () => {
      const { drop } = setup();
      drop(docx('First.docx'), docx('Second.docx'));
      expect(await screen.findByText('First.docx')).toBeTruthy();
      expect(screen.queryByText('Second.docx')).toBeNull();
    });

    it('refuses a drop whose first file is wrong, even if a later one is right', async () => {
      const { drop } = setup();
      drop(docx('photo.png', { type: 'image/png' }), docx('Good.docx'));
      await toastSays('Invalid file type', 'Please select a .docx file.');
      expect(chosenFile()).toBeNull();
    });
  });

  it("reads 'Uploading...' while the request runs, then clears the file and says it worked", async () => {
    const { user, choose, onUploaded } = setup();
    const file = docx('Contract.docx');
    await choose(file);
    await user.click(screen.getByRole('button', { name: 'Upload Document' }));

    const button = screen.getByRole('button', { name: 'Uploading...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(FakeXhr.sent).toHaveLength(1);
    const [request] = FakeXhr.sent;
    expect([request!.method, request!.url]).toEqual(['POST', '/api/documents/upload']);
    expect(request!.body?.get('document')).toBe(file);

    request!.answer(201, stored('Contract.docx'));

    await toastSays('Upload successful', 'Contract.docx has been uploaded successfully.');
    expect(chosenFile()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Uploading...' })).toBeNull();
    expect(onUploaded).toHaveBeenCalledWith(stored('Contract.docx'));
  });

  it("keeps the file and shows the server's reason when the upload is refused", async () => {
    const { user, choose, onUploaded } = setup();
    await choose(docx('Contract.docx'));
    await user.click(screen.getByRole('button', { name: 'Upload Document' }));
    FakeXhr.sent[0]!.answer(413, { error: { code: 'quota_exceeded', message: 'Your storage is full.' } });

    await toastSays('Upload failed', 'Your storage is full.');
    expect(within(chosenFile()!).getByText('Contract.docx')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeTruthy();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
