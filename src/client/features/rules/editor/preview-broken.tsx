import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Message } from 'semantic-ui-react';

/** The preview cannot be drawn with the draft: said so, with the engine's reason. */
export function PreviewBroken({ reason }: { reason: string }) {
  const { t } = useTranslation();
  return (
    <Message negative data-testid="rules-preview-broken">
      <Message.Header>{t('rules.editor.preview.broken')}</Message.Header>
      <p>{t('rules.editor.preview.brokenHelp')}</p>
      <p>
        <code className="rules-preview-reason">{reason}</code>
      </p>
    </Message>
  );
}

/**
 * A form or grid that throws while drawn with the draft shows why, instead of taking the editor
 * down. Another `retry` (the draft's next documents) draws it again; what was typed stays, as the
 * form is not remounted.
 */
export class PreviewBoundary extends Component<{ retry: unknown; children: ReactNode }, { reason?: string }> {
  override state: { reason?: string } = {};

  static getDerivedStateFromError(error: unknown): { reason: string } {
    return { reason: error instanceof Error ? error.message : String(error) };
  }

  override componentDidUpdate(before: { retry: unknown }) {
    if (before.retry !== this.props.retry && this.state.reason !== undefined) this.setState({ reason: undefined });
  }

  override render() {
    return this.state.reason !== undefined ? <PreviewBroken reason={this.state.reason} /> : this.props.children;
  }
}
