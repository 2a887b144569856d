import { once } from 'node:events'
import ExcelJS from 'exceljs'
import { CSV_BOM, CSV_EOL, csvLine } from '@/lib/csv/csv'
import { createPrivateStream } from './private-file'

/** An export's file as it is written, row by row: a CSV or an XLSX, mode 600 (lib/exports/private-file.ts). */
export type ExportWriter = {
  header: (labels: string[]) => Promise<void>
  row: (cells: (string | number)[]) => Promise<void>
  end: () => Promise<void>
}

export function csvWriter(file: string): ExportWriter {
  const out = createPrivateStream(file)
  let bom = CSV_BOM
  const write = async (record: (string | number)[]) => {
    const line = bom + csvLine(record) + CSV_EOL
    bom = ''
    if (!out.write(line)) await once(out, 'drain')
  }
  return {
    header: (labels) => write(labels),
    row: write,
    end: async () => {
      out.end()
      await once(out, 'finish')
    },
  }
}

export function xlsxWriter(file: string, sheetName: string): ExportWriter {
  // ExcelJS is handed the stream rather than the file name, which it would create with the default permissions.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: createPrivateStream(file),
    useStyles: true,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet(sheetName)
  return {
    header: async (labels) => {
      const row = sheet.addRow(labels)
      row.font = { bold: true }
      row.commit()
    },
    row: async (cells) => sheet.addRow(cells).commit(),
    end: async () => {
      sheet.commit()
      await workbook.commit()
    },
  }
}
