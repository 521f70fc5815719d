import type { UseMutationResult } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { type ToastInput, toast } from '@web/components/ui/use-toast';

/**
 * What every way of signing out does after its call: home and a toast, or stay and say it failed.
 * mutateAsync, not mutate's callbacks: signing out unmounts the button before they would run.
 */
export function useSignOutAction(mutation: UseMutationResult<void, Error, void>, texts: { done: ToastInput; failed: ToastInput; log: string }) {
  const [, navigate] = useLocation();
  return async () => {
    try {
      await mutation.mutateAsync();
    } catch (error) {
      console.error(texts.log, error);
      toast(texts.failed);
      return;
    }
    navigate('/');
    toast(texts.done);
  };
}
