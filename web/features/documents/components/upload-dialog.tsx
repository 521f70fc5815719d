import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { UploadPanel } from './upload-panel';

/** docs/product.md §2: 'Upload Document' at the 2xl maximum width; it closes when an upload completes. */
export function UploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Upload Document</DialogTitle>
          <DialogDescription>Add a Word document to your library. It stays private to your account.</DialogDescription>
        </DialogHeader>
        <UploadPanel showTitle={false} onUploaded={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
