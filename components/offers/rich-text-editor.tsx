'use client'

import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { Icon, type IconName } from '@/components/ui/icon'
import { clsx } from 'clsx'

/**
 * The rich text of offers: Tiptap (ProseMirror) with the formatting the sanitizer keeps — paragraphs,
 * bold, italic, headings, lists, links typed as addresses. The HTML goes to the server, which sanitizes it on save;
 * pages sanitize it again when they show it. Loaded on the forms only (next/dynamic), not on every page.
 */
export default function RichTextEditor({
  labelId,
  describedBy,
  value,
  onChange,
  invalid,
}: {
  labelId: string
  describedBy?: string
  value: string
  onChange: (html: string) => void
  invalid?: boolean
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['https', 'http', 'mailto'] },
      }),
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'prose-offer min-h-40 px-3 py-2 text-sm outline-none',
      },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML()),
  })
  const state = useEditorState({
    editor,
    selector: ({ editor }) => ({
      bold: !!editor?.isActive('bold'),
      italic: !!editor?.isActive('italic'),
      heading: !!editor?.isActive('heading', { level: 3 }),
      bullet: !!editor?.isActive('bulletList'),
      ordered: !!editor?.isActive('orderedList'),
    }),
  })
  const tools = [
    {
      key: 'bold',
      label: 'Gras',
      icon: 'letter-b' as IconName,
      active: state?.bold,
      run: () => editor?.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Italique',
      icon: 'italic' as IconName,
      active: state?.italic,
      run: () => editor?.chain().focus().toggleItalic().run(),
    },
    {
      key: 'heading',
      label: 'Intertitre',
      icon: 'heading-3' as IconName,
      active: state?.heading,
      run: () => editor?.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bullet',
      label: 'Liste à puces',
      icon: 'list' as IconName,
      active: state?.bullet,
      run: () => editor?.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'ordered',
      label: 'Liste numérotée',
      icon: 'list-ordered' as IconName,
      active: state?.ordered,
      run: () => editor?.chain().focus().toggleOrderedList().run(),
    },
  ]
  return (
    <div
      className={clsx(
        'rounded-md border bg-white focus-within:ring-2 focus-within:ring-brand-700',
        invalid ? 'border-red-600' : 'border-slate-300',
      )}
    >
      <div role="toolbar" aria-label="Mise en forme" className="flex gap-1 border-b border-slate-200 p-1">
        {tools.map(({ key, label, icon, active, run }) => (
          <button
            key={key}
            type="button"
            onClick={run}
            aria-pressed={!!active}
            aria-label={label}
            title={label}
            className={clsx('rounded p-1.5 text-slate-700 hover:bg-slate-100', active && 'bg-brand-50 text-brand-800')}
          >
            <Icon name={icon} size={16} />
          </button>
        ))}
      </div>
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <p className="min-h-40 px-3 py-2 text-sm text-slate-600">Chargement de l’éditeur…</p>
      )}
    </div>
  )
}
