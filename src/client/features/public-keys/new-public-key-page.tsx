import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, Form, Header, Icon, Segment } from 'semantic-ui-react';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { useAddSshKeyMutation } from '@/client/api/keys';
import { ConfirmButton } from '@/client/engine/renderers';
import { paths } from '@/schema-runtime/pages';
import { schemas } from '@/client/shared/schema-set';
import { looksLikePrivateKey } from '@/schema-runtime/private-key';
import { useToast } from '@/client/shared/toast/use-toast';
import './public-keys.css';

/** /ui/public-keys/new: a name and a key, typed, pasted or loaded from a file; back to the list after success. */
export default function NewPublicKeyPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [addKey, adding] = useAddSshKeyMutation();
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [imported, setImported] = useState(false);
  const [touched, setTouched] = useState(false);
  // A pasted private key is dropped from the form at once (it is never sent) and the field says why.
  const [privateRefused, setPrivateRefused] = useState(false);
  const [done, setDone] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!done) return undefined;
    const timer = setTimeout(() => navigate(paths.publicKeys.href), schemas.constants.redirectDelayMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  /** Takes typed, pasted or loaded key text, refusing a private key before it can be sent anywhere. */
  const takeKey = (text: string, fromFile: boolean) => {
    const refused = looksLikePrivateKey(text);
    setPrivateRefused(refused);
    setPublicKey(refused ? '' : text);
    setImported(fromFile && !refused);
  };

  const nameMissing = name.trim() === '';
  const keyMissing = publicKey.trim() === '';

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      takeKey(await file.text(), true);
    } catch {
      toast.error(t('publicKeys.fileFailed'));
    }
  };

  const submit = async () => {
    try {
      await addKey({ name: name.trim(), public_key: publicKey.trim(), ...(imported ? { imported_public_key: true } : {}) }).unwrap();
      toast.success(t('publicKeys.added'));
      setDone(true);
    } catch (error) {
      const text = isApiError(error) ? error.message || apiErrorText(t('publicKeys.addPrefix'), error) : String(error);
      toast.error(t('publicKeys.addFailed', { error: text }));
    }
  };

  const required = (missing: boolean) => (touched && missing ? { content: t('publicKeys.required'), pointing: 'above' as const } : undefined);

  return (
    <section data-page="new-public-key">
      <Header as="h1">{t('titles.newPublicKey')}</Header>
      <Segment className="new-key-form">
        <Form noValidate onSubmit={(event) => event.preventDefault()}>
          <Form.Input
            id="key-name"
            label={t('publicKeys.name')}
            placeholder={t('publicKeys.namePlaceholder')}
            required
            value={name}
            error={required(nameMissing)}
            onChange={(_e, { value }) => setName(value)}
          />
          <Form.TextArea
            id="key-value"
            label={t('publicKeys.key')}
            placeholder={t('publicKeys.keyPlaceholder')}
            required
            rows={6}
            value={publicKey}
            error={privateRefused ? { content: t('publicKeys.privateKeyRefused'), pointing: 'above' as const } : required(keyMissing)}
            onChange={(_e, { value }) => takeKey(String(value ?? ''), false)}
          />
          <p className="hint">{t('publicKeys.keyHint')}</p>
          <p className="hint" data-testid="key-rule">
            {t('publicKeys.keyRule', { bits: schemas.constants.sshRsaMinBits })}
          </p>
          <input ref={fileInput} type="file" hidden data-testid="key-file" onChange={(event) => void loadFile(event)} />
          <Button type="button" basic className="file-load" onClick={() => fileInput.current?.click()}>
            <Icon name="upload" />
            {t('publicKeys.loadFile')}
          </Button>
          <div className="form-actions">
            <Button as={Link} to={paths.publicKeys.href} type="button" basic content={t('publicKeys.cancel')} />
            {nameMissing || keyMissing ? (
              <Button type="button" primary onClick={() => setTouched(true)}>
                {t('publicKeys.add')}
              </Button>
            ) : (
              <ConfirmButton primary loading={adding.isLoading} disabled={adding.isLoading || done} question={t('publicKeys.addConfirm')} onConfirm={() => void submit()}>
                {t('publicKeys.add')}
              </ConfirmButton>
            )}
          </div>
        </Form>
      </Segment>
    </section>
  );
}
