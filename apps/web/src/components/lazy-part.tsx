import { Component, lazy, Suspense, useState, type ReactNode } from 'react';

interface BoundaryProps {
  failed: ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

/** Keeps a lazy part's failure in its place, and asks for the part again when the browser is back online. */
class PartBoundary extends Component<BoundaryProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  // React logs the error itself (createRoot's onCaughtError). Once: a retry remounts this boundary, and a retry for a
  // part that is gone meanwhile sets no state.
  override componentDidCatch() {
    window.addEventListener('online', this.props.onRetry, { once: true });
  }

  override render() {
    return this.state.hasFailed ? this.props.failed : this.props.children;
  }
}

interface PartSlots {
  /** Shown while the part's code arrives. */
  loading?: ReactNode;
  /** Shown when it did not arrive (offline, or a deploy removed the chunk); given `retry`. Default: `loading`. */
  failed?: (retry: () => void) => ReactNode;
}

/**
 * A lazily loaded part of a page (the account menu, the toasts, a dialog) whose failure to load stays in its place:
 * before, a chunk lost to a dropped connection reached the route's error screen and took the whole page with it.
 * The part is asked for again when the browser comes back online, when `failed`'s `retry` is called, and by the next
 * component that shows it: a failed import is not kept.
 */
export function lazyPart<Part extends (props: never) => ReactNode>(load: () => Promise<{ default: Part }>) {
  // A part without props (`() => ...`) infers `unknown`.
  type Props = Part extends (props: infer Given) => ReactNode ? (unknown extends Given ? object : Given) : never;
  const make = () =>
    lazy<(props: Props) => ReactNode>(() =>
      // The part's own type, checked at the call; here it is seen through its props.
      (load() as unknown as Promise<{ default: (props: Props) => ReactNode }>).catch((error: unknown) => {
        shared = make();
        throw error;
      }),
    );
  let shared = make();

  return function LazyPart({ loading = null, failed, ...props }: Props & PartSlots) {
    const [[Shown, attempt], setShown] = useState(() => [shared, 0]);
    const retry = () => setShown(([, count]) => [shared, count + 1]);
    return (
      <PartBoundary key={attempt} failed={failed ? failed(retry) : loading} onRetry={retry}>
        <Suspense fallback={loading}>
          <Shown {...(props as Props)} />
        </Suspense>
      </PartBoundary>
    );
  };
}
