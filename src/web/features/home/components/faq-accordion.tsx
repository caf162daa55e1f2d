import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { useTranslation } from 'react-i18next';

export interface FaqItem {
  question: string;
  answer: string;
}

/** FAQ (spec §2): one item open at a time, collapsible; Home, End and arrow keys move between questions. */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const { t, i18n } = useTranslation('home');
  return (
    <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
      <h2 id="faq-heading" className="text-3xl font-bold tracking-tight text-slate-900">
        {t('faq.heading')}
      </h2>
      <Accordion.Root type="single" collapsible dir={i18n.dir()} className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((item, index) => (
          <Accordion.Item key={item.question} value={`faq-${index}`}>
            <Accordion.Header asChild>
              <h3>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start font-semibold text-slate-900 hover:bg-slate-50">
                  {item.question}
                  <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
                </Accordion.Trigger>
              </h3>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-4 text-slate-700">{item.answer}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
