import type { importRowErrorSchema } from '@shared/review-cycle-schemas';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { FormDialog } from '@web/components/ui/form-dialog';
import { FieldError, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { SubmitButton } from '@web/components/ui/submit-button';
import { errorMessageOf } from '@web/lib/api-client';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { useImportAssignments } from '../api/assignment-queries';
import { errorBodyOf } from '../lib/error-body';

type RowError = z.infer<typeof importRowErrorSchema>;
type Report = { message: string; rows: RowError[] };

/** The 400 of an import: the server's message and, when the rows were read, each bad row. */
export function importReportOf(error: unknown): Report {
  const body = errorBodyOf(error, 400);
  const rows = Array.isArray(body?.rows) ? (body.rows as RowError[]) : [];
  return { message: errorMessageOf(error, 'The file could not be imported'), rows };
}

/**
 * CSV import (`email,number` per line). The server applies all rows or none: any bad row answers
 * 400 with a report of every bad row, shown here so the admin can fix the file and try again.
 */
export function ImportAssignmentsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const importCsv = useImportAssignments();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<Report | null>(null);

  function close() {
    setFile(null);
    setFileError(null);
    setReport(null);
    onOpenChange(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setReport(null);
    if (!file) {
      setFileError('Choose a CSV file');
      return;
    }
    const csv = await file.text();
    if (csv.trim() === '') {
      setFileError('The file is empty');
      return;
    }
    importCsv.mutate(csv, {
      onSuccess: close,
      onError: (error) => setReport(importReportOf(error)),
    });
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Import Assignments"
      description="A CSV file with the header email,number, then one reviewer email and opportunity number per line. All rows are added, or none: a file with any bad row changes nothing."
      className="sm:max-w-2xl"
    >
      <form noValidate className="grid gap-4" onSubmit={onSubmit}>
        <FormField id="assignments-csv" label="CSV file" error={fileError ?? undefined}>
          {(control) => (
            <Input
              {...control}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileError(null);
                setReport(null);
              }}
            />
          )}
        </FormField>
        {report ? <ImportReport report={report} /> : null}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <SubmitButton isPending={importCsv.isPending}>Import</SubmitButton>
        </DialogFooter>
      </form>
    </FormDialog>
  );
}

function ImportReport({ report }: { report: Report }) {
  return (
    <div className="space-y-2">
      <FieldError>
        {report.message}
        {/nothing was imported/i.test(report.message) ? '' : ' Nothing was imported.'}
      </FieldError>
      {report.rows.length > 0 ? (
        <section
          className="max-h-64 overflow-y-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Rows with errors"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
        >
          <table className="w-full text-sm" aria-label="Rows with errors">
            <thead className="sticky top-0 bg-card">
              <tr className="border-b">
                {['Line', 'Email', 'Number', 'Problem'].map((header) => (
                  <th key={header} scope="col" className="px-2 py-1 text-left font-medium">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row) => (
                <tr key={`${row.line}-${row.error}`} className="border-b last:border-0 align-top">
                  <td className="px-2 py-1 tabular-nums">{row.line}</td>
                  <td className="max-w-48 px-2 py-1 wrap-anywhere">{row.email}</td>
                  <td className="px-2 py-1">{row.number}</td>
                  <td className="px-2 py-1">{row.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
