/**
 * When to save, as a small state machine independent of React and of the editor: every change
 * restarts a countdown; when it runs out (or on Ctrl+S) the document is written once. Changes made
 * while a save runs are saved by the next one, so a save never races another.
 * A conflict (the document moved on elsewhere) ends autosaving. When the server kept the refused
 * save as a version of its own, whatever was typed while that save was in flight is written at
 * once the same way (the server keeps it as one more version), and only then is the conflict
 * reported: the editor is made read-only there, so nothing typed is ever left unsaved behind the
 * person's choice. A refused save that was not kept leaves its edits unsaved (`dirty`), to be warned of.
 * A save the server merged with changes made elsewhere also ends in a reload, once everything
 * typed is saved: the open editor lacks those changes, and its next save would undo them.
 */

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed' | 'conflict';
export type SaveStatus = { state: SaveState; message: string | null };

export type AutosaverOptions = {
  delayMs: number;
  /**
   * Writes the document as it is now. 'merged' when the stored version also holds changes made
   * elsewhere, which the open editor does not show.
   */
  write: () => Promise<'merged' | void>;
  /**
   * What went wrong, in words; `conflict` when the server refused a stale base version, and
   * `kept` when it stored the refused save in the history all the same.
   */
  describe: (error: unknown) => { conflict: boolean; kept?: boolean; message: string };
  onStatus: (status: SaveStatus) => void;
  /** Everything typed is saved, merged with changes made elsewhere: reopen to show them. Saving has stopped. */
  onMerged: () => void;
};

export class Autosaver {
  private revision = 0;
  private savedRevision = 0;
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private status: SaveStatus = { state: 'saved', message: null };
  /** A save was merged with someone else's: the editor reopens once nothing is left unsaved. */
  private merged = false;
  /** A save was refused as stale and kept as a version of its own: every later change is kept so too, at once. */
  private conflicted = false;
  /** After a conflict that was not kept, or once the editor is told to reopen, nothing more is saved from it. */
  private stopped = false;

  constructor(private readonly options: AutosaverOptions) {}

  get current(): SaveStatus {
    return this.status;
  }

  get dirty(): boolean {
    return this.revision !== this.savedRevision;
  }

  /** The document changed: count it and restart the countdown (after a kept conflict, save it now). */
  markChanged() {
    this.revision += 1;
    if (this.stopped) return;
    if (this.conflicted) {
      void this.saveNow();
      return;
    }
    if (!this.running) this.publish({ state: 'unsaved', message: null });
    this.schedule();
  }

  /** Saves now if anything is unsaved; resolves when that save (and any it had to wait for) ends. */
  async saveNow(): Promise<void> {
    clearTimeout(this.timer);
    if (this.running) {
      await this.running;
      if (this.dirty && !this.stopped) return this.saveNow();
      return;
    }
    if (!this.dirty || this.stopped) return;
    this.running = this.run();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  dispose() {
    clearTimeout(this.timer);
  }

  private async run(): Promise<void> {
    const revision = this.revision;
    this.publish({ state: 'saving', message: null });
    let outcome: 'merged' | void;
    try {
      outcome = await this.options.write();
    } catch (error) {
      const { conflict, kept = false, message } = this.options.describe(error);
      if (!conflict) {
        this.publish({ state: 'failed', message });
        return;
      }
      if (!kept) {
        this.stopped = true;
        this.publish({ state: 'conflict', message });
        return;
      }
      this.conflicted = true;
      this.savedRevision = revision;
      // Typed while the refused save was in flight: kept as one more version before the person chooses.
      if (this.dirty) return this.run();
      this.publish({ state: 'conflict', message });
      return;
    }
    this.savedRevision = revision;
    if (outcome === 'merged') this.merged = true;
    if (this.dirty) {
      this.publish({ state: 'unsaved', message: null });
      this.schedule();
      return;
    }
    this.publish({ state: 'saved', message: null });
    if (this.merged) {
      this.stopped = true;
      this.options.onMerged();
    }
  }

  private schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.saveNow(), this.options.delayMs);
  }

  private publish(status: SaveStatus) {
    this.status = status;
    this.options.onStatus(status);
  }
}
