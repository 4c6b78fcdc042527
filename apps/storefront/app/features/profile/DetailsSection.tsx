import { updateUserAttributes } from 'aws-amplify/auth';
import { AuthForm, Field, type FieldErrors, formValue, SelectField } from '../auth/AuthForm';
import { AuthNotice } from '../auth/AuthNotice';
import { OWN_MESSAGES } from '../auth/messages';
import {
  attributeUpdates,
  localeAttribute,
  localeOptions,
  PROFILE_MESSAGES,
  shownLocale,
  textProblem,
} from './profile-fields';
import { useProfileCall, useTokenRefresh } from './use-profile-call';

/** The names and locale of a details form, each checked beside its field. */
export function detailsProblems(form: FormData, locales: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  const givenName = formValue(form, 'givenName');
  const familyName = formValue(form, 'familyName');
  errors.givenName = givenName ? textProblem('Given name', givenName) : OWN_MESSAGES.givenNameEmpty;
  errors.familyName = familyName ? textProblem('Family name', familyName) : OWN_MESSAGES.familyNameEmpty;
  if (!locales.includes(formValue(form, 'locale'))) errors.locale = 'Choose a locale from the list';
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
}

interface DetailsSectionProps {
  attributes: Readonly<Record<string, string | undefined>>;
  onSaved: () => Promise<void>;
}

/** Given and family name and the locale (custom:local, 'de_DE' stored, 'de-DE' shown). */
export function DetailsSection({ attributes, onSaved }: DetailsSectionProps) {
  const { pending, notice, dismiss, run } = useProfileCall();
  const refreshTokens = useTokenRefresh();
  const locale = shownLocale(attributes['custom:local']);
  const options = localeOptions(locale);
  const save = (form: FormData) =>
    run(async () => {
      await updateUserAttributes({
        userAttributes: attributeUpdates({
          given_name: formValue(form, 'givenName'),
          family_name: formValue(form, 'familyName'),
          'custom:local': localeAttribute(formValue(form, 'locale')),
        }),
      });
      await refreshTokens();
      await onSaved();
      return PROFILE_MESSAGES.detailsSaved;
    });
  return (
    <section className="profile-section">
      <AuthNotice notice={notice} onDismiss={dismiss} />
      <AuthForm
        title="Your details"
        headingLevel={2}
        submitLabel="Save details"
        pending={pending}
        validate={(form) =>
          detailsProblems(
            form,
            options.map((option) => option.value),
          )
        }
        onSubmit={save}
      >
        <Field
          name="givenName"
          label="Given name"
          autoComplete="given-name"
          defaultValue={attributes.given_name}
        />
        <Field
          name="familyName"
          label="Family name"
          autoComplete="family-name"
          defaultValue={attributes.family_name}
        />
        <SelectField name="locale" label="Locale" options={options} defaultValue={locale} />
      </AuthForm>
    </section>
  );
}
