import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type DirectoryProfile, type DirectoryProfileInput, DirectoryProfileInputSchema, PROFILE_LIMITS } from '~/shared/contracts/practice-profile';
import { LANGUAGES } from '~/shared/languages';
import { changeReturnsToReview, reviewedFieldsChanged } from '~/shared/profile-review';
import { SPECIALTY_SLUGS, type SpecialtySlug } from '~/shared/specialties';
import { Button } from '~/web/components/ui/button';
import { Field } from '~/web/components/ui/field';
import { Input } from '~/web/components/ui/input';
import { problemMessage } from '~/web/lib/problem-message';
import { useSaveProfile } from '../api/practice-profile-api';
import { rebaseDraft } from '../lib/draft-rebase';
import { invalidFields, passesSchema } from '../lib/form-errors';
import { CheckboxField, ChoiceChips, ListEditor, TextArea } from './form-controls';
import { SELECT_CLASS_NAME } from './parts';
import { SpecialtyOptions } from './specialty-options';

interface ProfileDraft {
  displayName: string;
  title: string;
  bio: string;
  specialty: SpecialtySlug;
  otherSpecialties: SpecialtySlug[];
  languages: string[];
  conditions: string[];
  qualifications: string[];
  registrationNumber: string;
  offersTelehealth: boolean;
  offersInPerson: boolean;
  acceptingNewPatients: boolean;
  ndisRegistered: boolean;
}

function draftOf(profile: DirectoryProfile | null, defaults: { displayName: string; language: string }): ProfileDraft {
  if (!profile) {
    return {
      displayName: defaults.displayName,
      title: '',
      bio: '',
      specialty: 'family-medicine',
      otherSpecialties: [],
      languages: [defaults.language],
      conditions: [],
      qualifications: [],
      registrationNumber: '',
      offersTelehealth: false,
      offersInPerson: true,
      acceptingNewPatients: true,
      ndisRegistered: false,
    };
  }
  return {
    displayName: profile.displayName,
    title: profile.title,
    bio: profile.bio,
    specialty: profile.specialty,
    otherSpecialties: profile.otherSpecialties,
    languages: profile.languages,
    conditions: profile.conditions,
    qualifications: profile.qualifications,
    registrationNumber: profile.registrationNumber ?? '',
    offersTelehealth: profile.offersTelehealth,
    offersInPerson: profile.offersInPerson,
    acceptingNewPatients: profile.acceptingNewPatients,
    ndisRegistered: profile.ndisRegistered,
  };
}

/** A list with the text typed into its field but not yet added. */
function withTyped(items: readonly string[], typed: string): string[] {
  const text = typed.trim();
  if (!text || items.some((item) => item.toLocaleLowerCase() === text.toLocaleLowerCase())) return [...items];
  return [...items, text];
}

/**
 * Everything a provider says about themselves in the directory: a create form when they have
 * no profile yet, the same form to edit it afterwards. The shared schema checks it before it is
 * sent; the server's field errors are shown next to the same fields.
 */
export function ProfileForm({ profile, defaults }: { profile: DirectoryProfile | null; defaults: { displayName: string; language: string } }) {
  const { t, i18n } = useTranslation('appointments');
  const save = useSaveProfile(profile !== null);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile, defaults));
  // The server's copy the draft started from. When a fresher one arrives (saved elsewhere, as the
  // booking rules' "accepting new patients"), the fields not edited here follow it.
  const [base, setBase] = useState<{ profile: DirectoryProfile | null; draft: ProfileDraft }>(() => ({ profile, draft: draftOf(profile, defaults) }));
  if (profile !== base.profile && profile !== null) {
    const fresh = draftOf(profile, defaults);
    setDraft((d) => rebaseDraft(d, base.draft, fresh));
    setBase({ profile, draft: fresh });
  }
  const [typedCondition, setTypedCondition] = useState('');
  const [typedQualification, setTypedQualification] = useState('');
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const reviewNoteId = useId();
  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const messages = {
    displayName: t('directoryProfile.errors.displayName', { max: PROFILE_LIMITS.displayName }),
    title: t('directoryProfile.errors.title', { max: PROFILE_LIMITS.title }),
    bio: t('directoryProfile.errors.bio', { max: PROFILE_LIMITS.bio }),
    specialty: t('directoryProfile.errors.specialty'),
    otherSpecialties: t('directoryProfile.errors.otherSpecialties'),
    languages: t('directoryProfile.errors.languages'),
    conditions: t('directoryProfile.errors.conditions', { length: PROFILE_LIMITS.conditionLength, max: PROFILE_LIMITS.conditions }),
    qualifications: t('directoryProfile.errors.qualifications', { length: PROFILE_LIMITS.qualificationLength, max: PROFILE_LIMITS.qualifications }),
    registrationNumber: t('directoryProfile.errors.registrationNumber', { max: PROFILE_LIMITS.registrationNumber }),
    offersInPerson: t('directoryProfile.errors.offersInPerson'),
  };
  const errorOf = (field: keyof typeof messages) => (invalid.has(field) ? messages[field] : null);

  // A reviewed profile (verified, or rejected) goes back to the platform's review when what the
  // review checks changes (the server's rule, shared): say so before saving, louder once it would.
  const reviewNote = profile?.verificationStatus === 'verified' ? 'reviewNoteVerified' : profile?.verificationStatus === 'rejected' ? 'reviewNoteRejected' : null;
  const backToReview =
    profile !== null &&
    changeReturnsToReview(
      profile.verificationStatus,
      reviewedFieldsChanged(profile, {
        displayName: draft.displayName,
        registrationNumber: draft.registrationNumber,
        qualifications: withTyped(draft.qualifications, typedQualification),
        specialty: draft.specialty,
        ndisRegistered: draft.ndisRegistered,
      }),
    );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    // "Accepting new patients" is a booking rule too: sent only when changed here, so a copy
    // older than the booking rules' save never undoes it.
    const { acceptingNewPatients, ...owned } = draft;
    const body: DirectoryProfileInput = {
      ...owned,
      ...(profile === null || acceptingNewPatients !== base.draft.acceptingNewPatients ? { acceptingNewPatients } : {}),
      conditions: withTyped(draft.conditions, typedCondition),
      qualifications: withTyped(draft.qualifications, typedQualification),
    };
    if (!passesSchema(DirectoryProfileInputSchema, body, setInvalid, () => setFailure(t('directoryProfile.form.invalid')))) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved, defaults));
        setBase({ profile: saved, draft: draftOf(saved, defaults) });
        setTypedCondition('');
        setTypedQualification('');
        const sentBack = profile !== null && profile.verificationStatus !== 'pending' && saved.verificationStatus === 'pending';
        toast.success(!profile ? t('directoryProfile.create.done') : sentBack ? t('directoryProfile.form.savedForReview') : t('directoryProfile.form.saved'));
      },
      onError: (error) => {
        setInvalid(invalidFields(error));
        setFailure(problemMessage(i18n, error));
      },
    });
  }

  const specialtyChoices = SPECIALTY_SLUGS.filter((s) => s !== draft.specialty).map((value) => ({ value, label: t(`specialties.${value}`) }));
  const languageChoices = LANGUAGES.map((l) => ({ value: l.code as string, label: l.name, lang: l.code }));

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {profile ? t('directoryProfile.form.heading') : t('directoryProfile.create.heading')}
      </h2>
      {profile ? null : <p className="mt-1 text-sm text-slate-700">{t('directoryProfile.create.body')}</p>}
      <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-6 md:grid-cols-2">
        <Field label={t('directoryProfile.form.displayName')} error={errorOf('displayName')}>
          {({ id, describedBy, invalid: bad }) => (
            <Input id={id} dir="auto" value={draft.displayName} maxLength={PROFILE_LIMITS.displayName} autoComplete="name" aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => set('displayName', e.target.value)} />
          )}
        </Field>
        <Field label={t('directoryProfile.form.title')} hint={t('directoryProfile.form.titleHint')} error={errorOf('title')}>
          {({ id, describedBy, invalid: bad }) => (
            <Input id={id} dir="auto" value={draft.title} maxLength={PROFILE_LIMITS.title} aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => set('title', e.target.value)} />
          )}
        </Field>
        <Field className="md:col-span-2" label={t('directoryProfile.form.bio')} hint={t('directoryProfile.form.bioHint', { max: PROFILE_LIMITS.bio })} error={errorOf('bio')}>
          {({ id, describedBy, invalid: bad }) => (
            <TextArea id={id} dir="auto" rows={5} value={draft.bio} maxLength={PROFILE_LIMITS.bio} aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => set('bio', e.target.value)} />
          )}
        </Field>
        <Field label={t('directoryProfile.form.specialty')} error={errorOf('specialty')}>
          {({ id, describedBy, invalid: bad }) => (
            <select
              id={id}
              className={SELECT_CLASS_NAME}
              value={draft.specialty}
              aria-invalid={bad}
              aria-describedby={describedBy}
              onChange={(e) => {
                const specialty = e.target.value as SpecialtySlug;
                setDraft((d) => ({ ...d, specialty, otherSpecialties: d.otherSpecialties.filter((s) => s !== specialty) }));
              }}
            >
              <SpecialtyOptions name={(slug) => t(`specialties.${slug}`)} group={(key) => t(`specialtyGroups.${key}`)} />
            </select>
          )}
        </Field>
        <Field label={t('directoryProfile.form.registrationNumber')} hint={t('directoryProfile.form.registrationHint')} error={errorOf('registrationNumber')}>
          {({ id, describedBy, invalid: bad }) => (
            <Input id={id} dir="auto" value={draft.registrationNumber} maxLength={PROFILE_LIMITS.registrationNumber} aria-invalid={bad} aria-describedby={describedBy} onChange={(e) => set('registrationNumber', e.target.value)} />
          )}
        </Field>
        <div className="md:col-span-2">
          <ChoiceChips legend={t('directoryProfile.form.otherSpecialties')} error={errorOf('otherSpecialties')} choices={specialtyChoices} value={draft.otherSpecialties} onChange={(next) => set('otherSpecialties', next)} />
        </div>
        <div className="md:col-span-2">
          <ChoiceChips legend={t('directoryProfile.form.languages')} error={errorOf('languages')} choices={languageChoices} value={draft.languages} onChange={(next) => set('languages', next)} />
        </div>
        <ListEditor
          legend={t('directoryProfile.form.conditions')}
          inputLabel={t('directoryProfile.form.conditionNew')}
          addLabel={t('directoryProfile.form.add')}
          removeLabel={t('directoryProfile.form.remove')}
          emptyText={t('directoryProfile.form.none')}
          error={errorOf('conditions')}
          items={draft.conditions}
          onChange={(next) => set('conditions', next)}
          draft={typedCondition}
          onDraftChange={setTypedCondition}
          maxLength={PROFILE_LIMITS.conditionLength}
          maxItems={PROFILE_LIMITS.conditions}
        />
        <ListEditor
          legend={t('directoryProfile.form.qualifications')}
          inputLabel={t('directoryProfile.form.qualificationNew')}
          addLabel={t('directoryProfile.form.add')}
          removeLabel={t('directoryProfile.form.remove')}
          emptyText={t('directoryProfile.form.none')}
          error={errorOf('qualifications')}
          items={draft.qualifications}
          onChange={(next) => set('qualifications', next)}
          draft={typedQualification}
          onDraftChange={setTypedQualification}
          maxLength={PROFILE_LIMITS.qualificationLength}
          maxItems={PROFILE_LIMITS.qualifications}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">{t('directoryProfile.form.ways')}</legend>
          <div className="mt-1 flex flex-wrap gap-x-6">
            <CheckboxField label={t('directoryProfile.form.inPerson')} checked={draft.offersInPerson} onChange={(v) => set('offersInPerson', v)} />
            <CheckboxField label={t('directoryProfile.form.telehealth')} checked={draft.offersTelehealth} onChange={(v) => set('offersTelehealth', v)} error={errorOf('offersInPerson')} />
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">{t('directoryProfile.form.options')}</legend>
          <div className="mt-1 flex flex-wrap gap-x-6">
            <CheckboxField label={t('directoryProfile.form.acceptingNew')} checked={draft.acceptingNewPatients} onChange={(v) => set('acceptingNewPatients', v)} />
            <CheckboxField label={t('directoryProfile.form.ndis')} checked={draft.ndisRegistered} onChange={(v) => set('ndisRegistered', v)} />
          </div>
        </fieldset>
        <div className="md:col-span-2">
          <p role="alert" className={failure ? 'mb-3 text-sm font-medium text-red-700' : 'sr-only'}>
            {failure ?? ''}
          </p>
          {reviewNote ? (
            <div id={reviewNoteId} className={backToReview ? 'mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900' : 'mb-3 text-sm text-slate-700'}>
              <p role="status" className={backToReview ? 'font-semibold' : 'sr-only'}>
                {backToReview ? t('directoryProfile.form.reviewChanged') : ''}
              </p>
              <p>{t(`directoryProfile.form.${reviewNote}`)}</p>
            </div>
          ) : null}
          <Button type="submit" busy={save.isPending} aria-describedby={reviewNote ? reviewNoteId : undefined}>
            {save.isPending ? t('directoryProfile.form.saving') : profile ? t('directoryProfile.form.save') : t('directoryProfile.create.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
