import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx's `Markdown` in the production bundle (webpack.config.ts aliases
 * it): RJSF renders markdown only where a form opts in (`enableMarkdownInDescription` and
 * `enableMarkdownInHelp`, which no portal form sets) and in its own error and file-list texts, whose
 * `**emphasis**` marks are dropped here. The text is rendered as text, never as HTML.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{typeof children === 'string' ? children.replace(/\*\*|__/g, '') : children}</>;
}
