import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { USE_CASE_MIN } from '@common/limits';
import { type JoinWaitlistInput, JoinWaitlistSchema, type WaitlistJoined } from '@common/schemas/waitlist';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { PRODUCT_NAME } from '@web/lib/brand';
import { useJoinWaitlist } from '../api/join-waitlist';
import { JOIN_FAILED_FALLBACK, JOIN_FAILED_TITLE, joinedToast } from '../lib/waitlist-messages';
import { Textarea } from '@web/components/ui/textarea';

type WaitlistFormProps = {
  onJoined: (joined: WaitlistJoined, input: JoinWaitlistInput) => void;
};

/**
 * docs/product.md §2 and §5: the four fields, checked with the same schema the server enforces, so a message
 * shows beside its field before anything is sent. No maxLength on the controls: a pasted text
 * that is too long gets the schema's message rather than being cut off without a word.
 */
export function WaitlistForm({ onJoined }: WaitlistFormProps) {
  const joinMutation = useJoinWaitlist();
  const form = useForm({
    resolver: zodResolver(JoinWaitlistSchema),
    defaultValues: { name: '', email: '', company: '', useCase: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const input = { ...values, company: values.company || undefined };
    let joined: WaitlistJoined;
    try {
      joined = await joinMutation.mutateAsync(input);
    } catch (error) {
      toast({ variant: 'destructive', title: JOIN_FAILED_TITLE, description: errorMessage(error, JOIN_FAILED_FALLBACK) });
      return;
    }
    toast(joinedToast(joined));
    onJoined(joined, input);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label="Full Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" placeholder="Jane Doe" {...form.register('name')} />}
      </Field>
      <Field label="Email Address" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />}
      </Field>
      <Field label="Company (Optional)" error={errors.company?.message}>
        {(control) => <Input {...control} autoComplete="organization" placeholder="Acme Legal LLP" {...form.register('company')} />}
      </Field>
      <Field label={`How will you use ${PRODUCT_NAME}?`} error={errors.useCase?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            placeholder={`Contracts, manuscripts, course material... (at least ${USE_CASE_MIN} characters)`}
            {...form.register('useCase')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Joining...' : 'Join the Waitlist'}
      </Button>
    </form>
  );
}
