import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { LoginSchema } from '@common/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast, toastAfterReload } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { loadPage } from '@web/lib/navigation';
import { useLogin } from '../api/login';
import { LOGIN_FAILED_FALLBACK, LOGIN_FAILED_TITLE, SIGNED_IN } from '../lib/auth-messages';

type SignInFormProps = {
  /** Where the full page load goes after signing in: '/' from /auth, the same page when shown in place. */
  redirectTo: string;
  defaultEmail?: string;
};

export function SignInForm({ redirectTo, defaultEmail = '' }: SignInFormProps) {
  const loginMutation = useLogin();
  const form = useForm({ resolver: zodResolver(LoginSchema), defaultValues: { email: defaultEmail, password: '' } });
  const { errors } = form.formState;
  // Stays pending after success too: the page is about to reload.
  const pending = loginMutation.isPending || loginMutation.isSuccess;

  const onSubmit = form.handleSubmit((values) =>
    loginMutation.mutate(values, {
      onSuccess: () => {
        toastAfterReload(SIGNED_IN);
        loadPage(redirectTo);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: LOGIN_FAILED_TITLE, description: errorMessage(error, LOGIN_FAILED_FALLBACK) }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
      </Field>
      <Button type="submit" className="mt-2 w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
