import { useEffect, useState } from 'react';
import { messageOf, uploadLimitMb, uploadProblem, uploadTypes, useUploadFileMutation } from '@fed/api-client';
import { Button, Cluster, FilePicker } from '@fed/ui-kit';
import styles from './poster-field.module.css';

export interface PosterFieldProps {
  /** The uploaded poster's file id. */
  value: string | null;
  onChange: (fileId: string | null) => void;
  /** True while a chosen poster is being uploaded: the form must wait for its id. */
  onUploadingChange: (uploading: boolean) => void;
}

interface Preview {
  url: string;
  name: string;
}

/**
 * The event's poster: a JPEG, PNG or WebP checked in the browser (type, then size), uploaded at once,
 * shown from the chosen file, and removable.
 */
export function PosterField({ value, onChange, onUploadingChange }: PosterFieldProps) {
  const [upload, { isLoading }] = useUploadFileMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);

  // The chosen file's address is released once it is replaced, removed or the page left.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);

  const choose = async (file: File) => {
    const refusal = uploadProblem(file, 'poster');
    setProblem(refusal);
    if (refusal !== null) return;
    onUploadingChange(true);
    const result = await upload({ file, purpose: 'poster' });
    onUploadingChange(false);
    if ('error' in result) {
      setProblem(messageOf(result.error));
      return;
    }
    setPreview({ url: URL.createObjectURL(file), name: result.data.name });
    onChange(result.data.fileId);
  };

  const remove = () => {
    setPreview(null);
    setProblem(null);
    onChange(null);
  };

  return (
    <div className={styles.poster}>
      {value !== null && preview ? (
        <figure className={styles.preview}>
          <img className={styles.image} src={preview.url} alt={`Афиша: ${preview.name}`} />
          <figcaption className={styles.caption}>
            <Cluster justify="between">
              <span className={styles.name}>{preview.name}</span>
              <Button variant="secondary" size="sm" onClick={remove}>
                Удалить афишу
              </Button>
            </Cluster>
          </figcaption>
        </figure>
      ) : (
        <FilePicker
          label="Афиша"
          accept={uploadTypes('poster')}
          onFile={(file) => void choose(file)}
          disabled={isLoading}
          hint={isLoading ? 'Загружаем афишу…' : `JPEG, PNG или WebP, до ${uploadLimitMb('poster')} МБ`}
          error={problem}
        />
      )}
    </div>
  );
}
