import { downloadErrorOf, downloadFile, isAbortError, messageOf, saveFile } from '@fed/api-client';
import { exportsPaths, type ExportFormat } from '@fed/contracts';
import { Button, Cluster, useToast } from '@fed/ui-kit';
import { useState } from 'react';

export interface ApplicationsExportProps {
  competitionId: string;
}

const FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'xlsx', label: 'Скачать XLSX' },
  { format: 'csv', label: 'Скачать CSV' },
];

/**
 * «Выгрузить заявки»: the event's applications as a file, made by the api for its organizer (docs/exports.md).
 * The file is fetched with the session's headers and handed to the browser to save; a refusal is the api's
 * Russian message in a toast.
 */
export function ApplicationsExport({ competitionId }: ApplicationsExportProps) {
  const toast = useToast();
  const [pending, setPending] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    setPending(format);
    try {
      saveFile(
        await downloadFile(exportsPaths.eventApplications(competitionId, format), `zayavki.${format}`),
      );
    } catch (error) {
      if (!isAbortError(error))
        toast.error(`Не удалось выгрузить заявки. ${messageOf(downloadErrorOf(error))}`);
    } finally {
      setPending(null);
    }
  };

  return (
    <Cluster gap={2} role="group" aria-label="Выгрузить заявки">
      {FORMATS.map(({ format, label }) => (
        <Button
          key={format}
          variant="secondary"
          size="sm"
          loading={pending === format}
          disabled={pending !== null && pending !== format}
          onClick={() => void download(format)}
        >
          {label}
        </Button>
      ))}
    </Cluster>
  );
}
