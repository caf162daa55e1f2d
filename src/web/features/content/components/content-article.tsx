import { useTranslation } from 'react-i18next';
import type { ContentPage } from '../lib/content-types';
import { formatContentDate } from '../lib/content-date';
import { useFormatLocale } from '~/web/lib/format-locale';

/** A public content page: heading, lead, the body from its Markdown file, and FAQ items if any. */
export function ContentArticle({ page }: { page: ContentPage }) {
  const { t } = useTranslation('content');
  const locale = useFormatLocale();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8" lang={page.language}>
      <header className="mb-8 border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.heading}</h1>
        {page.lead ? <p className="mt-4 text-lg text-slate-700">{page.lead}</p> : null}
        {page.updated ? (
          <p className="mt-4 text-sm text-slate-600">
            {t('updated', { date: formatContentDate(page.updated, locale) })}
          </p>
        ) : null}
      </header>
      <div className="content-prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      {page.items.length > 0 ? (
        <section aria-labelledby="faq-heading" className="mt-10">
          <h2 id="faq-heading" className="text-2xl font-semibold text-slate-900">
            {t('faqHeading')}
          </h2>
          <dl className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
            {page.items.map((item) => (
              <div key={item.question} className="py-5">
                <dt className="font-semibold text-slate-900">{item.question}</dt>
                <dd className="mt-2 text-slate-700">{item.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </article>
  );
}
