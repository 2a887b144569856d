import { PageHeader } from '@/components/layout/page-header'

/** Legal pages are public: readable without signing in. */
export function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <article className="max-w-3xl">
      <PageHeader title={title} />
      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 leading-relaxed">
        {children}
      </div>
    </article>
  )
}
