import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Header } from 'semantic-ui-react';
import { paths } from '@/schema-runtime/pages';

/** The heading of a page under /ui/rules (the editor, the QA page): its title, what it does, and the way back to the rules. */
export function RulesSubpageHeader({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Header as="h1">{title}</Header>
      <p className="rules-intro">{intro}</p>
      <p className="rules-intro">
        <Link to={paths.rules.href}>{t('rules.editor.back')}</Link>
      </p>
    </>
  );
}
