import { useEffect, useState } from 'react';
import {
  imageUrl,
  messageOf,
  uploadLimitMb,
  uploadProblem,
  uploadTypes,
  useUploadFileMutation,
} from '@fed/api-client';
import { Avatar, Button, FilePicker, type AvatarRole } from '@fed/ui-kit';
import type { GenderCode } from '@fed/contracts';
import type { PicturePurpose } from '../model/use-profile-form';
import styles from './image-field.module.css';

export interface ImageFieldProps {
  /** `photo` of an athlete, `logo` of an organization: the api's purpose, with its types and limit. */
  purpose: PicturePurpose;
  label: string;
  /** Whose picture: the text alternative and the placeholder. */
  name: string;
  gender?: GenderCode | null;
  /** The picture's file id on the platform's disk, `null` for none. */
  value: string | null;
  onChange: (fileId: string | null) => void;
  /** True while a chosen picture is uploading: the form waits for its id. */
  onUploadingChange: (uploading: boolean) => void;
  disabled?: boolean;
}

/** The preview's size in CSS pixels; the image is asked for at twice that. */
const PREVIEW_PX = 96;

/**
 * A photo or logo: the current one (or the placeholder), replaced by a JPEG, PNG or WebP checked in the browser
 * first — type, then the purpose's size limit, the api's own rules — then uploaded at once and shown from the
 * chosen file; removable.
 */
export function ImageField({
  purpose,
  label,
  name,
  gender,
  value,
  onChange,
  onUploadingChange,
  disabled,
}: ImageFieldProps) {
  const [upload, { isLoading }] = useUploadFileMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ fileId: string; url: string } | null>(null);

  // The chosen file's address is released once it is replaced, removed or the form left.
  useEffect(() => {
    if (!chosen) return;
    return () => URL.revokeObjectURL(chosen.url);
  }, [chosen]);

  const choose = async (file: File) => {
    const refusal = uploadProblem(file, purpose);
    setProblem(refusal);
    if (refusal !== null) return;
    onUploadingChange(true);
    const result = await upload({ file, purpose });
    onUploadingChange(false);
    if ('error' in result) {
      setProblem(messageOf(result.error));
      return;
    }
    setChosen({ fileId: result.data.fileId, url: URL.createObjectURL(file) });
    onChange(result.data.fileId);
  };

  const role: AvatarRole = purpose === 'logo' ? 'organization' : 'sportsman';
  const src =
    value === null
      ? null
      : chosen?.fileId === value
        ? chosen.url
        : imageUrl(value, { width: PREVIEW_PX * 2, height: PREVIEW_PX * 2 });
  const what = purpose === 'logo' ? 'Логотип' : 'Фото';

  return (
    <div className={styles.field}>
      <div className={styles.current}>
        <Avatar src={src} name={`${what}: ${name}`} role={role} gender={gender} size="xl" />
        {value !== null && (
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled || isLoading}
            onClick={() => {
              setProblem(null);
              onChange(null);
            }}
          >
            {purpose === 'logo' ? 'Удалить логотип' : 'Удалить фото'}
          </Button>
        )}
      </div>
      <div className={styles.picker}>
        <FilePicker
          label={label}
          accept={uploadTypes(purpose)}
          onFile={(file) => void choose(file)}
          disabled={disabled || isLoading}
          hint={isLoading ? 'Загружаем…' : `JPEG, PNG или WebP, до ${uploadLimitMb(purpose)} МБ`}
          error={problem}
        />
      </div>
    </div>
  );
}
