import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { FilePicker, type FilePickerProps } from './file-picker';

function Stateful(props: Omit<FilePickerProps, 'onFile' | 'file'> & { initial?: File | null }) {
  const { initial = null, ...rest } = props;
  const [file, setFile] = useState<File | null>(initial);
  return <FilePicker {...rest} file={file} onFile={setFile} />;
}

const pdf = new File([new Uint8Array(120 * 1024)], 'Положение о соревнованиях.pdf', {
  type: 'application/pdf',
});

const meta: Meta<typeof Stateful> = {
  title: 'Forms/FilePicker',
  component: Stateful,
  args: {
    label: 'Файл',
    accept: ['application/pdf', 'image/jpeg', 'image/png'],
    hint: 'PDF, JPEG или PNG, до 20 МБ',
  },
};
export default meta;

type Story = StoryObj<typeof Stateful>;

/** Click (or Enter on the focused field) opens the dialog; a file dragged onto the zone is taken too. */
export const Empty: Story = {};
export const Chosen: Story = { args: { initial: pdf } };
export const WithError: Story = { args: { error: 'Неверный формат файла' } };
export const Disabled: Story = { args: { disabled: true, hint: 'Загружаем…' } };

/** Chooses a file as a person would: the zone then names it and its size. */
export const ChoosesAFile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByLabelText('Файл'), pdf);
    await expect(canvas.getByText('Положение о соревнованиях.pdf')).toBeVisible();
    await expect(canvas.getByText('120 КБ')).toBeVisible();
  },
};
