import { Component, type ReactNode } from 'react';
import { ErrorPage } from './pages/error-page';

interface State {
  failedAt: string | null;
}

/**
 * Shows the generic error page when a page throws or its chunk fails to load. It resets on the next
 * navigation (a new `resetKey`), so one broken page does not break the rest of the visit.
 */
export class PageErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, State> {
  override state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: '' };
  }

  override componentDidCatch(): void {
    this.setState({ failedAt: this.props.resetKey });
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (this.state.failedAt !== null && previous.resetKey !== this.props.resetKey) this.setState({ failedAt: null });
  }

  override render(): ReactNode {
    return this.state.failedAt === null ? this.props.children : <ErrorPage />;
  }
}
