import { demoClub, demoCompetitions } from '@fed/sandbox-fixtures';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '../test';
import { expectFits, signInAs } from '../flows';

/** Files as a person picks them from disk: a small PNG logo and a PDF. */
function filesOnDisk(): { logo: string; pdf: string } {
  const dir = mkdtempSync(join(tmpdir(), 'engines-files-'));
  const logo = join(dir, 'logo.png');
  writeFileSync(
    logo,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  const pdf = join(dir, 'regulations.pdf');
  writeFileSync(pdf, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  return { logo, pdf };
}

test('a club: its profile with a new logo (a toast says it is saved), a document sent for review', async ({
  site,
  request,
}) => {
  const files = filesOnDisk();
  await signInAs(site, request, demoClub.phone);
  await site.click({ role: 'link', name: 'Редактировать профиль' });
  await site.seePath('/profile/edit');
  const form = { role: 'form', name: 'Профиль организации' };
  await site.see(form);
  await site.setFile({ css: 'input[type=file]', within: form }, files.logo);
  // Uploaded and checked by the api: the logo can be removed again.
  await site.see({ role: 'button', name: 'Удалить логотип', within: form });
  await expectFits(site);
  await site.click({ role: 'button', name: 'Сохранить', within: form });
  await site.see({ text: 'Профиль организации сохранён' });
  await site.seePath('/profile');

  await site.goto(`/profile/submit-documents/${demoCompetitions.clubOpen}`);
  await site.select({ role: 'combobox', name: /Вид документа/ }, 'Положение о соревнованиях');
  await site.seeValue({ role: 'textbox', name: /Название документа/ }, 'Положение о соревнованиях');
  await site.setFile({ css: 'input[type=file]', within: { role: 'main' } }, files.pdf);
  await site.see({ text: 'regulations.pdf' });
  await expectFits(site);
  await site.click({ role: 'button', name: 'Отправить на проверку' });
  await site.see({
    role: 'listitem',
    hasText: /Положение о соревнованиях.*На проверке|На проверке.*Положение о соревнованиях/,
  });
});
