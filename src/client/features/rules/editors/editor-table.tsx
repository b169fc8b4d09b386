import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleEditorPerson } from '@generated';
import { RuleTable, type RuleColumn } from '../rule-table';
import { RemoveRuleEditorButton } from './remove-rule-editor-button';

/** The people who may edit the rules (or the group's members): name, username, e-mail; with `removable`, a remove button each. */
export function EditorTable({ label, people, removable = false }: { label: string; people: readonly RuleEditorPerson[]; removable?: boolean }) {
  const { t } = useTranslation();
  const columns = useMemo(() => {
    const all: RuleColumn<RuleEditorPerson>[] = [
      { key: 'name', header: t('rules.editors.name'), cell: (p) => (p.isStaff ? p.name : `${p.name} (${t('rules.editors.notStaff')})`) },
      { key: 'username', header: t('rules.editors.username'), cell: (p) => p.username },
      { key: 'email', header: t('rules.editors.email'), cell: (p) => p.email },
    ];
    if (removable) all.push({ key: 'remove', header: t('rules.editors.actions'), cell: (p) => <RemoveRuleEditorButton person={p} /> });
    return all;
  }, [t, removable]);
  return <RuleTable label={label} columns={columns} rows={people} rowKey={(p) => p.username} />;
}
