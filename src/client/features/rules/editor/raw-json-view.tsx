import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Message } from 'semantic-ui-react';
import type { RuleDraftProblem } from '@generated';
import { readJson } from '../json-text';

type Json = Record<string, unknown>;

/**
 * The raw JSON of one file of the draft, checked as it is typed: text that is no JSON is said so at
 * once (and not sent), JSON goes to the draft and the check's problems of the file are listed.
 */
export function RawJsonView({ files, problems, locale, onChange }: {
  files: Record<string, Json>;
  problems: readonly RuleDraftProblem[];
  locale: 'hr' | 'en';
  onChange: (file: string, doc: Json) => void;
}) {
  const { t } = useTranslation();
  const names = Object.keys(files).sort();
  const [file, setFile] = useState(names.find((n) => n === 'rules/resource-limits.json') ?? names[0]);
  const [text, setText] = useState(() => JSON.stringify(files[file], null, 2));
  const [parseError, setParseError] = useState<string>();
  useEffect(() => {
    setText(JSON.stringify(files[file], null, 2));
    setParseError(undefined);
    // Only another file replaces the text; the file's own edits come from here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);
  const mine = problems.filter((p) => p.file === file);
  return (
    <div className="rules-editor-raw">
      <Form>
        <Form.Field>
          <label htmlFor="rules-raw-file">{t('rules.editor.rawFile')}</label>
          <select id="rules-raw-file" value={file} onChange={(e) => setFile(e.target.value)}>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Form.Field>
        <Form.Field error={!!parseError || mine.length > 0}>
          <label htmlFor="rules-raw-text">{t('rules.editor.rawText', { file })}</label>
          <textarea
            id="rules-raw-text"
            className="rules-editor-raw-text"
            spellCheck={false}
            rows={24}
            value={text}
            aria-describedby="rules-raw-problems"
            onChange={(e) => {
              setText(e.target.value);
              const read = readJson(e.target.value, t);
              const doc = read.problem === undefined ? read.value : undefined;
              if (read.problem !== undefined) setParseError(read.problem);
              else if (!doc || typeof doc !== 'object' || Array.isArray(doc)) setParseError(t('rules.editor.rawNotJson', { reason: t('rules.editor.rawNotObject') }));
              else {
                setParseError(undefined);
                onChange(file, doc as Json);
              }
            }}
          />
        </Form.Field>
      </Form>
      <div id="rules-raw-problems" aria-live="polite">
        {parseError && <Message negative content={parseError} />}
        {mine.length > 0 && (
          <Message negative>
            <ul className="rules-editor-problems">
              {mine.map((p) => (
                <li key={`${p.field}:${p.en}`}>
                  <code>{p.field || '/'}</code> {p[locale]}
                </li>
              ))}
            </ul>
          </Message>
        )}
      </div>
    </div>
  );
}
