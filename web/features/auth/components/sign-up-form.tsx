import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN } from '@common/limits';
import { RegisterSchema } from '@common/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast, toastAfterReload } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { loadPage } from '@web/lib/navigation';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import {
  REGISTERED_AND_SIGNED_IN,
  REGISTERED_NOT_SIGNED_IN,
  REGISTRATION_FAILED_FALLBACK,
  REGISTRATION_FAILED_TITLE,
} from '../lib/auth-messages';

type SignUpFormProps = {
  redirectTo: string;
  /** The account exists but signing in failed: the caller shows the sign-in tab for that email. */
  onCreatedWithoutSignIn: (email: string) => void;
};

/** docs/product.md §4: register, then sign in with the same credentials. */
export function SignUpForm({ redirectTo, onCreatedWithoutSignIn }: SignUpFormProps) {
  const registerMutation = useRegister();
  const loginMutation = useLogin();
  const [leaving, setLeaving] = useState(false);
  const form = useForm({ resolver: zodResolver(RegisterSchema), defaultValues: { name: '', email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const pending = isSubmitting || leaving;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await registerMutation.mutateAsync(values);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: REGISTRATION_FAILED_TITLE,
        description: errorMessage(error, REGISTRATION_FAILED_FALLBACK),
      });
      return;
    }
    try {
      await loginMutation.mutateAsync({ email: values.email, password: values.password });
    } catch {
      toast(REGISTERED_NOT_SIGNED_IN);
      form.reset();
      onCreatedWithoutSignIn(values.email);
      return;
    }
    setLeaving(true);
    toastAfterReload(REGISTERED_AND_SIGNED_IN);
    loadPage(redirectTo);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label="Full Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" placeholder="Jane Doe" {...form.register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            placeholder={`At least ${PASSWORD_MIN} characters`}
            {...form.register('password')}
          />
        )}
      </Field>
      <Button type="submit" className="mt-2 w-full" disabled={pending}>
        {pending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
