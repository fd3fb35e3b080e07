import { elmaFileLinkAnswerSchema, elmaUploadAnswerSchema } from '@fed/contracts';
import { expect, it } from 'vitest';
import type { ContractArea } from './contract-client';

/** The platform disk: upload, description, temporary links. */
export const diskContract: ContractArea = {
  writes: (client) => {
    const { t, path, auth, get, post, expectError } = client;
    it('uploads a file, hands out a temporary link and serves the file by it', async () => {
      const uploaded = elmaUploadAnswerSchema.parse(
        (
          await auth(t().client().post(path('/pub/v1/disk/directory/root/upload')))
            .attach('file', Buffer.from('привет'), {
              filename: 'photo.txt',
              contentType: 'text/plain',
            })
            .expect(200)
        ).body,
      ).file;
      expect(uploaded.size).toBe(Buffer.byteLength('привет'));
      const described = (await get(`/pub/v1/disk/file/${uploaded.__id}`).expect(200)).body as {
        file: { __name: string; size: number };
      };
      expect(described.file).toMatchObject({ __name: 'photo.txt', size: uploaded.size });
      const link = elmaFileLinkAnswerSchema.parse(
        (await post(`/pub/v1/disk/file/${uploaded.__id}/get-link`, {}).expect(200)).body,
      ).Link;
      const url = new URL(link);
      const downloaded = await t().client().get(`${url.pathname}${url.search}`).expect(200);
      expect(downloaded.text).toBe('привет');
      await t().client().get(`${url.pathname}?expires=1&signature=bad`).expect(403);
      expectError(
        (await auth(t().client().post(path('/pub/v1/disk/directory/root/upload'))).expect(400)).body,
      );
      expectError(
        (await post('/pub/v1/disk/file/00000000-0000-4000-8000-000000000000/get-link', {}).expect(404)).body,
      );
    });
  },
};
