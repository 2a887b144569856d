import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DataTable, type TableColumn } from './data-table'
import { StatusBadge } from './status-badge'

type Person = { id: string; name: string; phone: string; state: string }
const people: Person[] = [
  { id: 'a', name: 'Durand Élodie', phone: '06 12 34 56 70', state: 'Nouveau' },
  { id: 'b', name: 'Martin Léa', phone: '06 98 76 54 32', state: 'Intégré' },
]

describe('DataTable', () => {
  it('writes only the attributes a cell has: its label for the cards, no empty class nor id', () => {
    const columns: TableColumn<Person>[] = [
      { id: 'name', header: 'Candidat', cell: (p) => p.name },
      { id: 'state', header: 'État', cell: (p) => <StatusBadge tone="warning">{p.state}</StatusBadge> },
      {
        id: 'contact',
        header: 'Contact',
        cell: (p) => (
          <>
            <a href={`tel:${p.phone}`}>{p.phone}</a> (mobile)
          </>
        ),
      },
    ]
    const html = renderToStaticMarkup(
      <DataTable caption="Candidats" columns={columns} data={people} getRowId={(p) => p.id} />,
    )
    // A text or a single element is the cell's content as it is; several nodes are boxed, to stay one item of a card's line.
    expect(html).toContain('<td data-label="Candidat">Durand Élodie</td>')
    expect(html).toContain('<td data-label="État"><span class="badge badge-warning">Nouveau</span></td>')
    expect(html).toContain(
      '<td data-label="Contact"><div><a href="tel:06 12 34 56 70">06 12 34 56 70</a> (mobile)</div></td>',
    )
    expect(html).not.toContain('class=""')
    // The two rows, neither selected: no class of their own.
    expect(html.match(/<tr>/g)).toHaveLength(2)
  })

  it('draws a card’s « Détails » lines only once it is opened: each detail cell is written once per row', () => {
    const columns: TableColumn<Person>[] = [
      { id: 'name', header: 'Candidat', cell: (p) => p.name, card: 'title' },
      { id: 'phone', header: 'Téléphone', cell: (p) => p.phone, card: 'details' },
    ]
    const html = renderToStaticMarkup(
      <DataTable caption="Candidats" columns={columns} data={people} getRowId={(p) => p.id} />,
    )
    expect(html.match(/06 12 34 56 70/g)).toHaveLength(1)
    expect(html.match(/<summary[^>]*>Détails<\/summary><\/details>/g)).toHaveLength(2)
    expect(html).toContain('<td data-label="Téléphone" data-card="details" class="cards:hidden">')
  })
})
