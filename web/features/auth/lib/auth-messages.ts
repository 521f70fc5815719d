/** docs/product.md §8 texts for the sign-in and sign-up flows, kept together so both forms say the same. */
import type { ToastInput } from '@web/components/ui/use-toast';
import { PRODUCT_NAME } from '@web/lib/brand';

export const SIGNED_IN: ToastInput = { title: 'Welcome back!', description: 'You have been logged in successfully.' };
export const LOGIN_FAILED_TITLE = 'Login failed';
export const LOGIN_FAILED_FALLBACK = 'Please check your credentials and try again.';

export const REGISTERED_AND_SIGNED_IN: ToastInput = {
  title: `Welcome to ${PRODUCT_NAME}`,
  description: "Your account has been created and you're now logged in.",
};
export const REGISTERED_NOT_SIGNED_IN: ToastInput = {
  title: 'Account created!',
  description: 'Your account has been created successfully. Please log in.',
};
export const REGISTRATION_FAILED_TITLE = 'Registration failed';
export const REGISTRATION_FAILED_FALLBACK = 'Please try again with different information.';

export const SIGNED_OUT: ToastInput = { title: 'Signed out successfully', description: 'You have been logged out.' };
export const SIGN_OUT_FAILED: ToastInput = {
  variant: 'destructive',
  title: 'Sign out failed',
  description: 'There was an error signing you out. Please try again.',
};

/** Not in docs/product.md §8: the same shape as the sign-out toasts, for ending every session of the account. */
export const SIGNED_OUT_EVERYWHERE: ToastInput = {
  title: 'Signed out everywhere',
  description: 'You have been logged out on every device and browser.',
};
export const SIGN_OUT_EVERYWHERE_FAILED: ToastInput = {
  variant: 'destructive',
  title: 'Sign out failed',
  description: 'There was an error signing you out everywhere. Please try again.',
};
