import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_CONTENT_TYPES, type Profile, PROFILE_NAME_MAX_LENGTH } from '~/shared/contracts/profile';
import { Button } from '~/web/components/ui/button';
import { FileInput } from '~/web/components/ui/file-input';
import { Input } from '~/web/components/ui/input';
import { problemMessage } from '~/web/lib/problem-message';
import { initials } from '~/web/lib/session';
import { QueryState } from '~/web/components/ui/query-state';
import { useDeleteAvatar, useProfile, useUpdateProfile, useUploadAvatar } from '../api/profile-api';
import { Field, type Outcome, OutcomeMessage, SettingsSection } from './settings-ui';

function AvatarImage({ name, src, alt }: { name: string; src: string | null; alt: string }) {
  return (
    <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-700 text-2xl font-semibold text-white">
      {src ? <img src={src} alt={alt} className="size-full object-cover" /> : <span aria-hidden="true">{initials(name)}</span>}
    </div>
  );
}

/** The photo: pick a file, see it, save or cancel; or remove the current one. */
function AvatarField({ profile, heading = true }: { profile: Profile; heading?: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const file = chosen?.file ?? null;
  const preview = chosen?.preview ?? null;

  // The preview's object URL lives as long as the choice does.
  useEffect(() => {
    if (!chosen) return;
    return () => URL.revokeObjectURL(chosen.preview);
  }, [chosen]);

  function clearSelection() {
    setChosen(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setOutcome(null);
    if (picked && !(AVATAR_CONTENT_TYPES as readonly string[]).includes(picked.type)) {
      // A first check for a quick answer; the server decides from the file's content.
      clearSelection();
      setOutcome({ tone: 'error', message: (i) => i.t('profile.avatar.notImage') });
      return;
    }
    setChosen(picked ? { file: picked, preview: URL.createObjectURL(picked) } : null);
  }

  function onUpload() {
    if (!file || upload.isPending || remove.isPending) return;
    upload.mutate(file, {
      onSuccess: () => {
        refocus.current = true;
        clearSelection();
        setOutcome({ tone: 'success', message: (i) => i.t('profile.avatar.uploaded') });
      },
      onError: (error) => setOutcome({ tone: 'error', message: (i) => problemMessage(i, error) }),
    });
  }

  function onRemove() {
    if (upload.isPending || remove.isPending) return;
    setOutcome(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        refocus.current = true;
        setOutcome({ tone: 'success', message: (i) => i.t('profile.avatar.removed') });
      },
      onError: (error) => setOutcome({ tone: 'error', message: (i) => problemMessage(i, error) }),
    });
  }

  const busy = upload.isPending || remove.isPending;
  // The button pressed goes once its work is done (Save photo, Remove): the file field, enabled
  // again, takes the focus instead of the page's body.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || busy) return;
    refocus.current = false;
    inputRef.current?.focus();
  });
  return (
    <div>
      {heading ? <h3 className="text-base font-semibold text-slate-900">{t('profile.avatar.heading')}</h3> : null}
      <div className={heading ? 'mt-3 flex flex-wrap items-start gap-6' : 'flex flex-wrap items-start gap-6'}>
        {preview ? (
          <AvatarImage name={profile.name} src={preview} alt={t('profile.avatar.preview')} />
        ) : (
          <AvatarImage name={profile.name} src={profile.image} alt={t('profile.avatar.current')} />
        )}
        <div className="min-w-0 flex-1 space-y-3">
          {!profile.image && !preview ? <p className="text-sm text-slate-700">{t('profile.avatar.none')}</p> : null}
          <Field label={t('profile.avatar.chooseLabel')} hint={t('profile.avatar.hint')}>
            {({ id, describedBy }) => (
              <FileInput ref={inputRef} id={id} name="avatar" accept={AVATAR_CONTENT_TYPES.join(',')} describedBy={describedBy} disabled={busy} file={file} onChange={onChoose} />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            {file ? (
              <>
                <Button onClick={onUpload} busy={busy}>
                  {upload.isPending ? t('profile.avatar.uploading') : t('profile.avatar.upload')}
                </Button>
                <Button variant="outline" onClick={clearSelection} disabled={busy}>
                  {t('profile.avatar.cancel')}
                </Button>
              </>
            ) : null}
            {profile.image && !file ? (
              <Button variant="outline" onClick={onRemove} busy={busy}>
                {remove.isPending ? t('profile.avatar.removing') : t('profile.avatar.remove')}
              </Button>
            ) : null}
          </div>
          <OutcomeMessage outcome={outcome} />
        </div>
      </div>
    </div>
  );
}

/** The name form: 1 to 200 characters after trimming (the server checks the same). */
function NameForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [name, setName] = useState(profile.name);
  const [invalid, setInvalid] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > PROFILE_NAME_MAX_LENGTH) {
      setInvalid(true);
      setOutcome(null);
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    update.mutate(
      { name: trimmed },
      {
        onSuccess: (saved) => {
          setName(saved.name);
          setOutcome({ tone: 'success', message: (i) => i.t('profile.details.saved') });
        },
        onError: (error) => setOutcome({ tone: 'error', message: (i) => problemMessage(i, error) }),
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field
        label={t('profile.details.nameLabel')}
        hint={t('profile.details.nameHint', { max: PROFILE_NAME_MAX_LENGTH })}
        error={invalid ? t('profile.details.nameInvalid', { max: PROFILE_NAME_MAX_LENGTH }) : null}
      >
        {({ id, describedBy }) => (
          <Input
            ref={inputRef}
            id={id}
            name="name"
            autoComplete="name"
            required
            maxLength={PROFILE_NAME_MAX_LENGTH + 50}
            value={name}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={update.isPending}>
          {update.isPending ? t('profile.details.saving') : t('profile.details.save')}
        </Button>
        <OutcomeMessage outcome={outcome} />
      </div>
    </form>
  );
}

export function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  return (
    <SettingsSection title={t('profile.details.heading')}>
      <div className="space-y-8">
        <AvatarField profile={profile} />
        <div>
          <p className="text-sm font-medium text-slate-900">{t('profile.details.emailLabel')}</p>
          <p className="mt-1 text-base text-slate-800">
            <bdi>{profile.email}</bdi>
          </p>
        </div>
        <NameForm profile={profile} />
      </div>
    </SettingsSection>
  );
}

/**
 * The account picture as a provider's directory photo (/provider/profile): the same picture and
 * controls as on /profile, explained for the directory.
 */
export function ProfilePhotoSection() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <SettingsSection title={t('profile.avatar.directoryHeading')} description={t('profile.avatar.directoryHint')}>
      <QueryState className="" pending={profile.isPending} error={profile.isError ? profile.error : null} retry={() => void profile.refetch()}>
        {profile.data ? <AvatarField profile={profile.data} heading={false} /> : null}
      </QueryState>
    </SettingsSection>
  );
}
