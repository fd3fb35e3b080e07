import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MAX_BYTES, USER_ID_HEADER } from '@fed/contracts';
import { connectSession, type SessionPort } from './session-port';
import {
  emptyFileMessage,
  fileTooLargeMessage,
  uploadLimitMb,
  UploadNetworkError,
  uploadProblem,
  uploadTypes,
  uploadWithProgress,
} from './uploads';

const fileOf = (type: string, size = 10) => new File([new Uint8Array(size)], 'x', { type });

describe('uploadProblem', () => {
  it('lets through the types of each purpose', () => {
    expect(uploadProblem(fileOf('image/webp'), 'poster')).toBeNull();
    expect(uploadProblem(fileOf('application/pdf'), 'document')).toBeNull();
    expect(uploadProblem(fileOf('image/png'), 'photo')).toBeNull();
    expect(uploadProblem(fileOf('image/jpeg'), 'logo')).toBeNull();
    expect(uploadTypes('photo')).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });

  it('refuses another type with the catalogue’s message, before anything else', () => {
    expect(uploadProblem(fileOf('application/pdf'), 'poster')).toBe('Неверный формат файла');
    expect(uploadProblem(fileOf('application/pdf'), 'photo')).toBe('Неверный формат файла');
    expect(uploadProblem(fileOf('', UPLOAD_MAX_BYTES + 1), 'document')).toBe('Неверный формат файла');
  });

  it('refuses a file over the purpose’s limit as the api words it, and an empty one', () => {
    expect(uploadProblem(fileOf('image/png', UPLOAD_MAX_BYTES + 1), 'poster')).toBe(
      'Файл больше 10 МБ — выберите файл поменьше',
    );
    expect(uploadProblem(fileOf('image/png', 5 * 1024 * 1024 + 1), 'photo')).toBe(
      fileTooLargeMessage('photo'),
    );
    expect(fileTooLargeMessage('photo')).toBe('Файл больше 5 МБ — выберите файл поменьше');
    expect(uploadProblem(fileOf('image/png', 5 * 1024 * 1024), 'photo')).toBeNull();
    expect(uploadProblem(fileOf('image/png', 2 * 1024 * 1024 + 1), 'logo')).toBe(
      'Файл больше 2 МБ — выберите файл поменьше',
    );
    expect(uploadLimitMb('logo')).toBe(2);
    expect(uploadProblem(fileOf('image/png', 0), 'poster')).toBe(emptyFileMessage);
  });
});

type Script = (xhr: FakeXhr) => void;

/** A stand-in for the browser's XHR: keeps what was sent, and answers by the next script in line. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static scripts: Script[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  responseType = '';
  status = 0;
  response: unknown = null;
  body: unknown = null;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const script = FakeXhr.scripts.shift();
    queueMicrotask(() => script?.(this));
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, response: unknown) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
    this.status = status;
    this.response = response;
    this.onload?.();
  }
}

const signedInAs = (token: string, userId: string, refreshed: string[] = []): SessionPort => {
  let access = token;
  return {
    accessToken: () => access,
    refreshToken: () => 'refresh-1',
    userId: () => userId,
    tokensRefreshed: (tokens) => {
      access = tokens.token;
      refreshed.push(tokens.token);
    },
    refreshRefused: () => undefined,
  };
};

const guestSession: SessionPort = {
  accessToken: () => null,
  refreshToken: () => null,
  userId: () => null,
  tokensRefreshed: () => undefined,
  refreshRefused: () => undefined,
};

describe('uploadWithProgress', () => {
  const fetched: Request[] = [];
  const reports = () => fetched.filter((request) => new URL(request.url).pathname === '/log');
  const media = new File([new Uint8Array(10)], 'photo.jpg', { type: 'image/jpeg' });

  beforeEach(() => {
    FakeXhr.sent = [];
    FakeXhr.scripts = [];
    fetched.length = 0;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(input, init);
        fetched.push(request.clone());
        if (new URL(request.url).pathname === '/api/auth/Refresh') {
          return new Response(JSON.stringify({ Token: 'access-2', RefreshToken: 'refresh-2' }), {
            status: 200,
          });
        }
        return new Response(null, { status: 204 });
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    connectSession(guestSession);
  });

  it('sends the file with the bearer token and the active user, and tells its progress', async () => {
    connectSession(signedInAs('access-1', 'child-2'));
    FakeXhr.scripts.push((xhr) => xhr.answer(201, { id: 'm-1' }));
    const progress: number[] = [];
    const answer = await uploadWithProgress('/api/media/e-1', media, (fraction) => progress.push(fraction));
    expect(answer).toEqual({ status: 201, body: { id: 'm-1' } });
    const [sent] = FakeXhr.sent;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/api/media/e-1');
    expect(sent?.headers).toEqual({ Authorization: 'Bearer access-1', [USER_ID_HEADER]: 'child-2' });
    expect((sent?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(progress).toEqual([0.5, 1]);
    expect(reports()).toHaveLength(0);
  });

  it('refreshes an expired token once through the client and sends the file again with the new one', async () => {
    const refreshed: string[] = [];
    connectSession(signedInAs('access-1', 'child-2', refreshed));
    FakeXhr.scripts.push((xhr) => xhr.answer(401, { message: 'Token expired' }));
    FakeXhr.scripts.push((xhr) => xhr.answer(201, { id: 'm-1' }));
    const answer = await uploadWithProgress('/api/media/e-1', media, () => undefined);
    expect(answer.status).toBe(201);
    expect(refreshed).toEqual(['access-2']);
    expect(FakeXhr.sent.map((xhr) => xhr.headers['Authorization'])).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('reports a refusal to /log like a failed call, with the session’s headers, and answers it', async () => {
    connectSession(signedInAs('access-1', 'child-2'));
    FakeXhr.scripts.push((xhr) => xhr.answer(413, { message: 'Файл больше 50 МБ' }));
    const answer = await uploadWithProgress('/api/media/e-1', media, () => undefined);
    expect(answer.status).toBe(413);
    await vi.waitFor(() => expect(reports()).toHaveLength(1));
    const [report] = reports();
    expect(report?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(report?.headers.get(USER_ID_HEADER)).toBe('child-2');
    expect(((await report?.json()) as { msg: string }).msg).toBe('413 POST api/media/e-1: Файл больше 50 МБ');
  });

  it('reports a lost connection, but not an upload the person cancelled', async () => {
    FakeXhr.scripts.push((xhr) => xhr.onerror?.());
    await expect(uploadWithProgress('/api/media/e-1', media, () => undefined)).rejects.toBeInstanceOf(
      UploadNetworkError,
    );
    await vi.waitFor(() => expect(reports()).toHaveLength(1));
    expect(((await reports()[0]?.json()) as { msg: string }).msg).toBe(
      'FETCH_ERROR POST api/media/e-1: Network error',
    );

    const controller = new AbortController();
    FakeXhr.scripts.push(() => controller.abort());
    await expect(
      uploadWithProgress('/api/media/e-1', media, () => undefined, controller.signal),
    ).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reports()).toHaveLength(1);
  });
});
