import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { LoginSchema } from '@common/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Field, fieldErrorId } from '@web/components/ui/field';
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
  const id = useId();
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
      <Field id={`${id}-email`} label="Email" error={errors.email?.message}>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? fieldErrorId(`${id}-email`) : undefined}
          {...form.register('email')}
        />
      </Field>
      <Field id={`${id}-password`} label="Password" error={errors.password?.message}>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? fieldErrorId(`${id}-password`) : undefined}
          {...form.register('password')}
        />
      </Field>
      <Button type="submit" className="mt-2 w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
