import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Header, Loader, Message, Segment } from 'semantic-ui-react';
import type { MailPreferencesBody } from '@generated';
import { mailRules } from '@/schema-runtime/mail-rules';
import { apiErrorText, isApiError } from '@/client/api/api-error';
import { useMailPreferencesQuery, useSaveMailPreferencesMutation } from '@/client/api/mail-preferences';
import { weekdayName } from '@/client/engine/weekday-name';
import { SchemaFormOnView } from '@/client/engine/schema-form/schema-form-on-view';
import { perSchemaSet } from '@/client/shared/per-schema-set';
import { schemas } from '@/client/shared/schema-set';
import { useToast } from '@/client/shared/toast/use-toast';
import { SimpleList, SimpleListItem } from '@/client/shared/simple-list';

const mailRulesOf = perSchemaSet(() => mailRules(schemas));

/** About the drawn form's height (two choices and the button), kept for it while it loads. */
const MAIL_FORM_HEIGHT = 240;

/**
 * The mail preferences of my-info: the language of mails and whether routine notices come at once
 * or in the weekly digest, drawn by SchemaForm from api/mail-preferences.json; which notices are
 * routine and when the digest goes out come from rules/mail.json. The form lies below the first
 * screen of a phone, so its code loads as it comes near.
 */
export function MailPreferences() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'hr';
  const toast = useToast();
  const { data, isLoading, isError } = useMailPreferencesQuery();
  const [save, { isLoading: saving }] = useSaveMailPreferencesMutation();
  const initialData = useMemo(() => (data ? { language: data.language, routine: data.routine } : undefined), [data]);
  const onSubmit = useCallback(
    async (body: Record<string, unknown>) => {
      try {
        await save(body as unknown as MailPreferencesBody).unwrap();
        toast.success(t('myInfo.mail.saved'));
      } catch (error) {
        const text = isApiError(error) ? error.message || apiErrorText('Error saving', error) : String(error);
        toast.error(t('myInfo.mail.saveFailed', { error: text }));
      }
    },
    [save, toast, t],
  );
  const rules = mailRulesOf();
  const { weekday, hour, timeZone } = rules.digest;
  return (
    <Segment data-testid="mail-preferences">
      <Header as="h2" size="medium">
        {t('myInfo.mail.heading')}
      </Header>
      <p>{t('myInfo.mail.intro')}</p>
      <p>{t('myInfo.mail.routineKinds')}</p>
      <SimpleList bulleted>
        {rules.kinds
          .filter((k) => k.routine)
          .map((k) => (
            <SimpleListItem key={k.value}>{k.label[lang]}</SimpleListItem>
          ))}
      </SimpleList>
      <p>{t('myInfo.mail.schedule', { weekday: weekdayName(weekday, lang), time: `${hour}:00`, timeZone })}</p>
      {isLoading && <Loader active inline="centered" />}
      {isError && <Message negative content={t('myInfo.mail.loadFailed')} />}
      {data && !data.languageChosen && <p data-testid="mail-language-follows">{t('myInfo.mail.languageFollows')}</p>}
      {initialData && (
        <SchemaFormOnView
          minHeight={MAIL_FORM_HEIGHT}
          form="api/mail-preferences"
          initialData={initialData}
          isStaff={false}
          submitText={t('myInfo.mail.save')}
          submitting={saving}
          onSubmit={onSubmit}
        />
      )}
    </Segment>
  );
}
