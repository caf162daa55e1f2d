import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { suggestSlug, TenantDomainSchema, TenantNameSchema, TenantSlugSchema } from '~/shared/contracts/tenants';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { useCreateTenant } from '../api/tenants';
import { errorCode, useTenantErrorMessage } from '../lib/error-message';
import { Field } from '~/web/components/ui/field';
import { DomainField } from './domain-field';

type Errors = Partial<Record<'name' | 'slug' | 'domain', string>>;

/**
 * Create Tenant: name, slug (suggested from the name until edited) and an optional domain. The
 * server makes the caller the owner and switches the session; the page then shows the new
 * organisation because the session changed.
 */
export function CreateTenantForm() {
  const { t } = useTranslation('dashboard');
  const errorMessage = useTenantErrorMessage();
  const create = useCreateTenant();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [domain, setDomain] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const slugRef = useRef<HTMLInputElement>(null);
  const domainRef = useRef<HTMLInputElement>(null);

  function focusFirst(found: Errors) {
    if (found.name) nameRef.current?.focus();
    else if (found.slug) slugRef.current?.focus();
    else if (found.domain) domainRef.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const parsedName = TenantNameSchema.safeParse(name);
    const parsedSlug = TenantSlugSchema.safeParse(slug);
    const parsedDomain = domain.trim() === '' ? null : TenantDomainSchema.safeParse(domain);
    const found: Errors = {};
    if (!parsedName.success) found.name = t('tenants.create.nameRequired');
    if (!parsedSlug.success) found.slug = t('tenants.create.slugInvalid');
    if (parsedDomain && !parsedDomain.success) found.domain = t('tenants.create.domainInvalid');
    setErrors(found);
    if (!parsedName.success || !parsedSlug.success || (parsedDomain && !parsedDomain.success)) {
      focusFirst(found);
      return;
    }
    // mutateAsync, not mutate's callbacks: the new session re-renders the page, which may
    // unmount this form before the request's promise settles.
    create
      .mutateAsync({
        name: parsedName.data,
        slug: parsedSlug.data,
        domain: parsedDomain?.data ?? null,
      })
      .then((tenant) => {
        toast.success(t('tenants.create.success', { name: tenant.name }));
      })
      .catch((error: unknown) => {
        const message = errorMessage(error);
        const code = errorCode(error);
        const field: Errors = code === 'tenant.slug-taken' ? { slug: message } : code === 'tenant.domain-taken' ? { domain: message } : {};
        setErrors(field);
        focusFirst(field);
        toast.error(t('tenants.create.failed'), { description: message });
      });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-4">
      <Field label={t('tenants.create.name')} error={errors.name}>
        {(field) => (
          <Input
            ref={nameRef}
            id={field.id}
            name="name"
            autoComplete="organization"
            required
            maxLength={200}
            value={name}
            aria-invalid={field.invalid}
            aria-describedby={field.describedBy}
            onChange={(event) => {
              setName(event.target.value);
              if (!slugEdited) setSlug(suggestSlug(event.target.value));
            }}
          />
        )}
      </Field>
      <Field label={t('tenants.create.slug')} hint={t('tenants.create.slugHint')} error={errors.slug}>
        {(field) => (
          <Input
            ref={slugRef}
            id={field.id}
            name="slug"
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={63}
            value={slug}
            aria-invalid={field.invalid}
            aria-describedby={field.describedBy}
            onChange={(event) => {
              setSlugEdited(true);
              setSlug(event.target.value);
            }}
          />
        )}
      </Field>
      <DomainField
        label={t('tenants.create.domain')}
        hint={t('tenants.create.domainHint')}
        error={errors.domain}
        value={domain}
        onChange={setDomain}
        inputRef={domainRef}
      />
      <div>
        <Button type="submit" busy={create.isPending}>
          {create.isPending ? t('tenants.create.submitting') : t('tenants.create.submit')}
        </Button>
      </div>
    </form>
  );
}
