import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../tests/support/component';
import { lazyComponent } from './lazy-component';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('lazyComponent', () => {
  it('shows the fallback until the code arrives, then the component with its props', async () => {
    const code = deferred<typeof Greeting>();
    let loads = 0;
    const Lazy = lazyComponent(() => {
      loads++;
      return code.promise;
    }, <p>Loading...</p>);
    render(<Lazy name="Ada" />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(async () => code.resolve(Greeting));
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(loads).toBe(1);
  });

  it('renders preloaded code in its first render, with no fallback in between', async () => {
    let loads = 0;
    const Lazy = lazyComponent(async () => {
      loads++;
      return Greeting;
    }, <p>Loading...</p>);
    await Lazy.preload();
    await Lazy.preload();
    render(<Lazy name="Grace" />);
    // Synchronously after the first render: React.lazy would show its fallback here.
    expect(screen.getByText('Hello Grace')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('throws a failed load to the nearest error boundary', async () => {
    const code = deferred<typeof Greeting>();
    const Lazy = lazyComponent(() => code.promise, <p>Loading...</p>);
    const quiet = console.error;
    console.error = () => {};
    try {
      render(
        <Boundary>
          <Lazy name="Ada" />
        </Boundary>,
      );
      await act(async () => code.reject(new Error('chunk failed')));
      expect(screen.getByRole('alert').textContent).toBe('chunk failed');
    } finally {
      console.error = quiet;
    }
  });
});
